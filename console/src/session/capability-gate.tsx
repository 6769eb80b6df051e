import type { Capability } from '@retainkit/shared/roles'
import type { ReactNode } from 'react'
import { useCapability } from './session-store'

interface CapabilityGateProps {
  capability: Capability
  children: ReactNode
  /** Shown when the capability is false; nothing by default. */
  fallback?: ReactNode
}

/**
 * Shows its content only when the named capability is true, else the fallback. It only hides
 * what the server would refuse anyway — the server checks every call itself.
 */
export function CapabilityGate({ capability, children, fallback = null }: CapabilityGateProps) {
  return <>{useCapability(capability) ? children : fallback}</>
}
