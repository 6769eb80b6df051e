import type { CancelFlowConfig } from '@retainkit/shared/config-types'
import { createDefaultConfig, createDefaultReasons } from '@retainkit/shared/default-config'
import { screen, waitFor } from '@testing-library/react'
import { expect } from 'vitest'
import {
  type FakeBackend,
  installFakeBackend,
  ok,
  reasonsData,
} from '../../../features/test-support/fake-backend'
import { previewRecorder } from '../../../features/test-support/preview-mock'
import { renderPage } from '../../../features/test-support/render-page'
import EditorPage from '../editor-page'

/**
 * The editor suites' common ground: the account `acme` behind the fake backend (its config, data,
 * reasons and Stripe plans), and the page opened with its preview mounted. Each suite still mocks the
 * preview's entry itself (`vi.mock` is hoisted per file) and signs in with the role it tests.
 */
export interface EditorAccount {
  config?: CancelFlowConfig
  version?: number
  updatedAt?: string | null
  tier?: 'free' | 'pro'
  plans?: unknown[]
}

export const configAnswer = (config: CancelFlowConfig, version: number, updatedAt: string | null = null) =>
  ok({ config_json: config, version, updated_at: updatedAt, previous_versions: [] })

export function installEditorBackend(account: EditorAccount = {}): FakeBackend {
  const { config = createDefaultConfig(), version = 1, updatedAt = null, tier = 'pro', plans = [] } = account
  return installFakeBackend()
    .on('GET', '/api/account', { action: 'config' }, configAnswer(config, version, updatedAt))
    .on(
      'GET',
      '/api/account',
      { action: 'data' },
      ok({ account_id: 'acme', name: 'Acme', slug: 'acme', email: null, domain: null, tier }),
    )
    .on('GET', '/api/account', { action: 'reasons' }, ok(reasonsData({ reasons: createDefaultReasons() })))
    .on('GET', '/api/stripe/plans/acme', {}, ok(plans))
}

/** Renders the editor and waits for its heading and its preview's first mount. */
export async function openEditor() {
  const view = renderPage(<EditorPage />, { path: '/editor', url: '/editor/?account_id=acme' })
  await screen.findByRole('heading', { name: 'Cancel flow editor' })
  await waitFor(() => expect(previewRecorder.mounts).toHaveLength(1))
  return view
}
