import { useCallback, useEffect, useState } from 'react'

/**
 * The experiments page keeps unsaved edits in several places at once — the experiment being set up,
 * each running experiment's weights — but a page has one unsaved-changes guard (the router holds one
 * blocker at a time). So each place reports whether it holds edits, and the page asks before leaving
 * while any does.
 */
export type ReportDirty = (part: string, dirty: boolean) => void

export function useDirtyParts(): { anyDirty: boolean; report: ReportDirty } {
  const [parts, setParts] = useState<ReadonlySet<string>>(() => new Set())
  const report = useCallback<ReportDirty>(
    (part, dirty) =>
      setParts((current) => {
        if (current.has(part) === dirty) return current
        const next = new Set(current)
        if (dirty) next.add(part)
        else next.delete(part)
        return next
      }),
    [],
  )
  return { anyDirty: parts.size > 0, report }
}

/**
 * Reports one place's state while it is on screen. A place that goes away (the page reloading after
 * a save, or a start) has nothing left to lose, so it reports itself clean as it goes.
 */
export function useReportDirty(report: ReportDirty, part: string, dirty: boolean): void {
  useEffect(() => report(part, dirty), [report, part, dirty])
  useEffect(() => () => report(part, false), [report, part])
}
