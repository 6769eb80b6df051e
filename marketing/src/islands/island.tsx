import { type ComponentType, createElement } from 'react'
import type { IslandName } from './island-names'

/**
 * Islands rendered during the current server render. The render is synchronous and pages are
 * rendered one at a time, so a module-level set is enough to learn which scripts a page needs.
 */
const renderedIslands = new Set<IslandName>()

export function startIslandCollection(): void {
  renderedIslands.clear()
}

export function collectedIslands(): IslandName[] {
  return [...renderedIslands]
}

interface IslandProps<P extends object> {
  name: IslandName
  component: ComponentType<P>
  props: P
}

/**
 * Server-renders an interactive component inside a marker element. The client entry for `name`
 * hydrates the marker's children with the same component and the same (JSON) props, so the first
 * client render matches the prerendered markup exactly.
 */
export function Island<P extends object>({ name, component, props }: IslandProps<P>) {
  renderedIslands.add(name)
  const json = JSON.stringify(props)
  return (
    <div className="island" data-island={name} data-props={json === '{}' ? undefined : json}>
      {createElement(component, props)}
    </div>
  )
}
