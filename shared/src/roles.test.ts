import { describe, expect, it } from 'vitest'
import { CAPABILITIES, capabilitiesFor, isRole } from './roles'

describe('capabilitiesFor', () => {
  it('gives the owner every capability', () => {
    expect(Object.values(capabilitiesFor('owner')).every(Boolean)).toBe(true)
  })
  it('lets editors edit the flow but not credentials, secrets or billing', () => {
    const caps = capabilitiesFor('editor')
    expect(caps.canEditConfig).toBe(true)
    expect(caps.canManageCredentials).toBe(false)
    expect(caps.canManageWidgetSecret).toBe(false)
    expect(caps.canManageBilling).toBe(false)
  })
  it('keeps viewers read-only', () => {
    const caps = capabilitiesFor('viewer')
    expect(caps.canViewAnalytics).toBe(true)
    expect(caps.canViewConfig).toBe(true)
    expect(caps.canEditConfig).toBe(false)
  })
  it('shows subscribers in full to every role but viewers', () => {
    expect(capabilitiesFor('viewer').canSeeCustomers).toBe(false)
    for (const role of ['owner', 'admin', 'editor'] as const)
      expect(capabilitiesFor(role).canSeeCustomers).toBe(true)
  })
  it('keeps billing to owners', () => {
    expect(capabilitiesFor('admin').canManageBilling).toBe(false)
  })
  it('grants nothing without a membership and names every capability', () => {
    const caps = capabilitiesFor(null)
    expect(Object.keys(caps).sort()).toEqual([...CAPABILITIES].sort())
    expect(Object.values(caps).some(Boolean)).toBe(false)
  })
  it('recognises roles', () => {
    expect(isRole('editor')).toBe(true)
    expect(isRole('superuser')).toBe(false)
  })
})
