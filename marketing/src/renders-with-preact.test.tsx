import { render, screen } from '@testing-library/preact'
import { createElement as preactCreateElement } from 'preact/compat'
import { createElement } from 'react'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'

// The pages' tests must exercise what production ships: React API names resolved to Preact, as the
// marketing build resolves them, not React itself.
describe('marketing tests render what production renders', () => {
  it('resolves react to preact/compat and renders through Preact', () => {
    expect(createElement).toBe(preactCreateElement)
    render(<label htmlFor="email">Email</label>)
    expect(screen.getByText('Email').getAttribute('for')).toBe('email')
    expect(renderToString(<p className="lead">Hi</p>)).toBe('<p class="lead">Hi</p>')
  })
})
