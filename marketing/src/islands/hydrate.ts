import { type ComponentType, createElement } from 'react'
import { hydrateRoot } from 'react-dom/client'
import type { IslandName } from './island-names'

/** Hydrates every prerendered marker of one island with the props the server rendered it with. */
export function hydrateIslands<P extends object>(name: IslandName, component: ComponentType<P>): void {
  for (const element of document.querySelectorAll<HTMLElement>(`[data-island="${name}"]`)) {
    const props = element.dataset.props ? (JSON.parse(element.dataset.props) as P) : ({} as P)
    hydrateRoot(element, createElement(component, props))
  }
}
