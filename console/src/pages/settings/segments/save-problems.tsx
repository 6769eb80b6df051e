import { type Ref, useId } from 'react'
import type { SegmentInput } from '../../../lib/api'
import { describeField } from '../../editor/error-summary'

export interface SaveProblem {
  where: string
  message: string
}

/**
 * Issues of a refused save (the shared schema's on the console, or the server's `issues`), each placed
 * in words: `segments.1.config_json.copy.general.headline` → "Segment 2 (Annual), Copy: general ›
 * headline". The server prefixes nothing else, so both read the same.
 */
export function problemsFromIssues(
  issues: readonly { field?: string; message: string }[],
  segments: readonly SegmentInput[],
): SaveProblem[] {
  return issues.map((issue) => {
    const parts = (issue.field ?? '').split('.')
    if (parts[0] !== 'segments' || parts[1] === undefined || !/^\d+$/.test(parts[1])) {
      return { where: 'Segments', message: issue.message }
    }
    const index = Number(parts[1])
    const named = `Segment ${index + 1}${segments[index]?.name ? ` (${segments[index]?.name})` : ''}`
    const [part, ...rest] = parts.slice(2)
    const detail =
      part === 'config_json'
        ? describeField(rest.join('.'))
        : [part, ...rest]
            .filter((piece): piece is string => piece !== undefined)
            .map((piece) => (/^\d+$/.test(piece) ? String(Number(piece) + 1) : piece.replace(/_/g, ' ')))
            .join(' › ')
    return { where: detail ? `${named}, ${detail}` : named, message: issue.message }
  })
}

/** Why a save did not happen: an alert, labelled and focused, so nobody misses that nothing was saved. */
export function SaveProblems(props: {
  message: string
  problems: readonly SaveProblem[]
  ref?: Ref<HTMLDivElement>
}) {
  const id = useId()
  return (
    <div
      className="rk-error-summary"
      role="alert"
      tabIndex={-1}
      ref={props.ref}
      aria-labelledby={`${id}-title`}
    >
      <h3 id={`${id}-title`}>Segments not saved</h3>
      <p>{props.message}</p>
      {props.problems.length > 0 ? (
        <ul>
          {props.problems.map((problem, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: two issues may name the same place.
            <li key={index}>
              {problem.where}: {problem.message}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}
