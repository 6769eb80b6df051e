import { cancelFlowConfigSchema } from '@retainkit/shared/schemas'

interface SchemaNode {
  def?: { type?: string }
  shape?: Record<string, unknown>
  element?: unknown
  unwrap?: () => unknown
  maxLength?: number | null
}

/**
 * The max length the shared config schema sets for the string at `path` (`copy.general.headline` → 200,
 * `theme.font_family` → 100, `plan_switch.plans.0.name` → 100), read from the zod schema itself so the
 * editor's counters always match the rule that produces the validation messages.
 */
export function schemaMaxLength(path: string): number | undefined {
  let node = cancelFlowConfigSchema as unknown as SchemaNode | undefined
  for (const part of path.split('.')) {
    node = unwrapOptional(node)
    if (!node) return undefined
    node = (/^\d+$/.test(part) ? node.element : node.shape?.[part]) as SchemaNode | undefined
  }
  node = unwrapOptional(node)
  return typeof node?.maxLength === 'number' ? node.maxLength : undefined
}

const WRAPPERS = new Set(['optional', 'nullable', 'default'])

function unwrapOptional(node: SchemaNode | undefined): SchemaNode | undefined {
  let current = node
  // Only optional/nullable/default wrappers: arrays have `unwrap()` too, but their items are reached by index.
  while (current && WRAPPERS.has(current.def?.type ?? '') && current.unwrap) {
    current = current.unwrap() as SchemaNode
  }
  return current
}
