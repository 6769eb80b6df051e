/**
 * Membership roles and the capabilities they grant. The server enforces these on every route; the
 * console only uses them to hide what the server would refuse anyway.
 */
export const ROLES = ['owner', 'admin', 'editor', 'viewer'] as const
export type Role = (typeof ROLES)[number]

export const CAPABILITIES = [
  'canViewConfig',
  'canEditConfig',
  'canViewAnalytics',
  'canSeeCustomers',
  'canManageCredentials',
  'canManageWidgetSecret',
  'canManageAccount',
  'canManageMembers',
  'canManageBilling',
] as const
export type Capability = (typeof CAPABILITIES)[number]
export type Capabilities = Record<Capability, boolean>
// canSeeCustomers: subscribers' e-mail addresses and names in full, and the unmasked evidence export.
// Viewers read analytics with customers masked and may not take the subscribers' personal data away.

const GRANTS: Readonly<Record<Role, readonly Capability[]>> = {
  owner: CAPABILITIES,
  admin: [
    'canViewConfig',
    'canEditConfig',
    'canViewAnalytics',
    'canSeeCustomers',
    'canManageCredentials',
    'canManageWidgetSecret',
    'canManageAccount',
    'canManageMembers',
  ],
  editor: ['canViewConfig', 'canEditConfig', 'canViewAnalytics', 'canSeeCustomers'],
  viewer: ['canViewConfig', 'canViewAnalytics'],
}

export function capabilitiesFor(role: Role | null | undefined): Capabilities {
  const granted = new Set<Capability>(role ? GRANTS[role] : [])
  return Object.fromEntries(CAPABILITIES.map((name) => [name, granted.has(name)])) as Capabilities
}

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value)
}
