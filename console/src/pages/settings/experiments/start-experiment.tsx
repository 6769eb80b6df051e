import { experimentCreateSchema } from '@retainkit/shared/schemas'
import { type Ref, useRef, useState } from 'react'
import { createExperiment, type ExperimentCreateInput } from '../../../lib/api'
import { userMessageOf } from '../../../lib/error-handler'
import { toast } from '../../../lib/toast-store'

/** `arms.1.config_json.copy.general.headline` → "Arm 2, config json › copy › general › headline". */
const placeOf = (field: string) =>
  field
    .split('.')
    .map((part, index, parts) =>
      /^\d+$/.test(part) && parts[index - 1] === 'arms' ? String(Number(part) + 1) : part.replace(/_/g, ' '),
    )
    .join(' › ')

/**
 * Sending a new experiment: checked with the shared schema first, then created; what stops it (the
 * schema's or the server's issues, each with its place in words) is shown and focused.
 */
export function useStartExperiment(accountId: string, onStarted: () => Promise<void>) {
  const [problems, setProblems] = useState<Problems | null>(null)
  const [busy, setBusy] = useState(false)
  const alertRef = useRef<HTMLDivElement>(null)
  const refuse = (message: string, list: string[]) => {
    setProblems({ message, list })
    requestAnimationFrame(() => alertRef.current?.focus())
  }
  const start = async (input: ExperimentCreateInput) => {
    setProblems(null)
    const checked = experimentCreateSchema.safeParse(input)
    if (!checked.success) {
      refuse(
        'Fix these before starting:',
        checked.error.issues.map(
          (issue) => `${placeOf(issue.path.join('.')) || 'Experiment'}: ${issue.message}`,
        ),
      )
      return
    }
    setBusy(true)
    const result = await createExperiment(accountId, input)
    setBusy(false)
    if (result.error) {
      refuse(
        userMessageOf(result.error),
        (result.error.issues ?? []).map((issue) => `${placeOf(issue.field ?? '')}: ${issue.message}`),
      )
      return
    }
    toast({ title: 'Experiment started', variant: 'success' })
    await onStarted()
  }
  return { problems, busy, alertRef, start }
}

type Problems = { message: string; list: string[] }

/** Why the experiment was not started: focused when it appears, so a screen reader reads it. */
export function ProblemsSummary({
  ref,
  id,
  problems,
}: {
  ref: Ref<HTMLDivElement>
  id: string
  problems: Problems
}) {
  return (
    <div className="rk-error-summary" role="alert" tabIndex={-1} ref={ref} aria-labelledby={id}>
      <h4 id={id}>Experiment not started</h4>
      <p>{problems.message}</p>
      {problems.list.length > 0 ? (
        <ul>
          {problems.list.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}
