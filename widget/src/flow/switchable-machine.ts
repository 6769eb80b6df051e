import type { FlowEvent, FlowListener, FlowMachine } from '@retainkit/shared/flow'

/**
 * A stand-in machine the dialog renders while the session starts: it shows the first screen at once
 * from the config alone (the session call is the slow part of opening the flow), lets the subscriber
 * pick a reason or type, holds anything that would move on, and is then swapped for the machine of the
 * started session, which receives what was held.
 */
export interface SwitchableMachine extends FlowMachine {
  /** Replaces the machine behind this one; listeners see its snapshot at once. */
  swap(next: FlowMachine): void
  /** While set, events go here first; returning true means the event was held back. */
  hold: ((event: FlowEvent) => boolean) | null
}

export function createSwitchableMachine(initial: FlowMachine): SwitchableMachine {
  let current = initial
  const listeners = new Set<FlowListener>()
  const emit: FlowListener = (snapshot) => {
    for (const listener of [...listeners]) listener(snapshot)
  }
  let unsubscribe = current.subscribe(emit)
  const switchable: SwitchableMachine = {
    get context() {
      return current.context
    },
    getSnapshot: () => current.getSnapshot(),
    subscribe(listener) {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
    send(event) {
      if (!switchable.hold?.(event)) current.send(event)
    },
    swap(next) {
      unsubscribe()
      current = next
      unsubscribe = current.subscribe(emit)
      emit(current.getSnapshot())
    },
    hold: null,
  }
  return switchable
}
