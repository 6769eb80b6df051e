import type { ApiData } from '@retainkit/shared/api'
import { useState } from 'react'
import { exportCustomerEvidence, verifyEvidenceChain } from '../../lib/api'
import { userMessageOf } from '../../lib/error-handler'
import { useCapability } from '../../session/session-store'
import { downloadBlob } from '../dashboard/csv'

type Format = 'json' | 'csv' | 'html'

const FORMATS: Readonly<Record<Format, { label: string; type: string; ext: string }>> = {
  json: { label: 'JSON', type: 'application/json', ext: 'json' },
  csv: { label: 'CSV', type: 'text/csv;charset=utf-8', ext: 'csv' },
  html: { label: 'Printable page', type: 'text/html;charset=utf-8', ext: 'html' },
}

const safe = (part: string) => part.replace(/[^A-Za-z0-9_-]+/g, '-')

type Status = { kind: 'idle' } | { kind: 'busy'; what: string } | { kind: 'done' | 'failed'; message: string }

/**
 * The customer's whole evidence export (every session of theirs, the chain verified from its first row
 * to the head), downloaded as the file the server writes: JSON, CSV, or the printable page — a file,
 * not a page opened in the console, so nothing of the subscriber's words ever runs under its origin.
 */
export function EvidenceExports({ accountId, customerId }: { accountId: string; customerId: string }) {
  // The server refuses the export to roles that see customers masked; say why instead of a dead button.
  if (!useCapability('canSeeCustomers'))
    return (
      <p className="rk-evidence__no-export">
        The evidence export holds subscribers’ e-mail addresses and names in full, which your role does not
        see. An owner, admin or editor can export it; you can still verify the chain below.
      </p>
    )
  return <ExportButtons accountId={accountId} customerId={customerId} />
}

function ExportButtons({ accountId, customerId }: { accountId: string; customerId: string }) {
  const [status, setStatus] = useState<Status>({ kind: 'idle' })
  async function download(format: Format) {
    setStatus({ kind: 'busy', what: format })
    const result = await exportCustomerEvidence(accountId, customerId, format)
    if (result.error) {
      setStatus({ kind: 'failed', message: `The export failed: ${userMessageOf(result.error)}` })
      return
    }
    const { type, ext, label } = FORMATS[format]
    downloadBlob(
      `retainkit-${safe(accountId)}-evidence-${safe(customerId)}.${ext}`,
      new Blob([result.data], { type }),
    )
    setStatus({ kind: 'done', message: `The customer’s evidence downloaded (${label}).` })
  }
  return (
    <fieldset className="rk-dashboard__export">
      <legend>This customer’s evidence export</legend>
      {(Object.keys(FORMATS) as Format[]).map((format) => (
        <button
          key={format}
          type="button"
          className="rk-button rk-button--small"
          disabled={status.kind === 'busy'}
          onClick={() => void download(format)}
        >
          {status.kind === 'busy' && status.what === format ? 'Preparing…' : FORMATS[format].label}
          <span className="rk-visually-hidden"> (evidence export)</span>
        </button>
      ))}
      <span className="rk-visually-hidden" role="status">
        {status.kind === 'done' ? status.message : status.kind === 'busy' ? 'Preparing the export…' : ''}
      </span>
      {status.kind === 'failed' ? <p role="alert">{status.message}</p> : null}
    </fieldset>
  )
}

type Report = ApiData<'GET /api/evidence/verify'>

function reportWords(report: Report): string {
  const span = report.checked > 0 ? ` (rows ${report.fromSeq}–${report.toSeq})` : ''
  if (report.intact)
    return `The chain is intact: ${report.checked} rows checked${span}${report.stopped ? ', the walk stopped at its limit' : ''}.`
  const problems = report.problems
    .map((problem) => `row ${problem.seq}: ${problem.problem.replaceAll('_', ' ')}`)
    .join('; ')
  return `The chain is broken: ${problems}.`
}

/** Verifies the account's whole chain on request (every row's hash, every link, the head). */
export function ChainVerification({ accountId }: { accountId: string }) {
  const [state, setState] = useState<
    { kind: 'idle' | 'busy' } | { kind: 'done'; report: Report } | { kind: 'failed'; message: string }
  >({ kind: 'idle' })
  async function verify() {
    setState({ kind: 'busy' })
    const result = await verifyEvidenceChain(accountId)
    setState(
      result.error
        ? { kind: 'failed', message: `The check failed: ${userMessageOf(result.error)}` }
        : { kind: 'done', report: result.data },
    )
  }
  return (
    <div className="rk-evidence__verify">
      <button
        type="button"
        className="rk-button rk-button--secondary rk-button--small"
        disabled={state.kind === 'busy'}
        onClick={() => void verify()}
      >
        {state.kind === 'busy' ? 'Verifying…' : 'Verify the account’s evidence chain'}
      </button>
      <p
        role="status"
        className={state.kind === 'done' && !state.report.intact ? 'rk-evidence__bad' : undefined}
      >
        {state.kind === 'done' ? reportWords(state.report) : ''}
      </p>
      {state.kind === 'failed' ? <p role="alert">{state.message}</p> : null}
    </div>
  )
}
