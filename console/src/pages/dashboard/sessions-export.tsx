import { useState } from 'react'
import { exportSessions } from '../../lib/api'
import { userMessageOf } from '../../lib/error-handler'
import { csvFilename, downloadBlob, downloadCsv } from './csv'
import type { DatasetRange } from './use-dataset'

type Format = 'csv' | 'json'
type ExportState =
  | { status: 'idle' }
  | { status: 'busy'; format: Format }
  | { status: 'done' | 'failed'; message: string }

const FORMAT_LABELS = { csv: 'CSV', json: 'JSON' } as const satisfies Record<Format, string>

/**
 * "Export raw sessions": every cancel session of the period and mode on screen, with its steps, offer,
 * outcome and durability, as the server writes it (GET /api/analytics/export), downloaded as a file.
 */
export function SessionsExport({ range, period }: { range: DatasetRange; period: string }) {
  const [state, setState] = useState<ExportState>({ status: 'idle' })

  async function download(format: Format) {
    setState({ status: 'busy', format })
    const mode = range.mode ?? 'live'
    const result = await exportSessions({ ...range, mode, format })
    if (result.error) {
      setState({ status: 'failed', message: `The export failed: ${userMessageOf(result.error)}` })
      return
    }
    const name = csvFilename(range.accountId, mode === 'test' ? 'sessions-test' : 'sessions', period)
    if (format === 'csv') downloadCsv(name, result.data)
    else downloadBlob(name.replace(/\.csv$/, '.json'), new Blob([result.data], { type: 'application/json' }))
    setState({ status: 'done', message: `Raw sessions downloaded as ${FORMAT_LABELS[format]}.` })
  }

  const busy = state.status === 'busy'
  return (
    <fieldset className="rk-dashboard__export">
      <legend>Export raw sessions</legend>
      {(['csv', 'json'] as const).map((format) => (
        <button
          key={format}
          type="button"
          className="rk-button rk-button--small"
          disabled={busy}
          onClick={() => void download(format)}
        >
          {busy && state.format === format ? 'Preparing…' : FORMAT_LABELS[format]}
          <span className="rk-visually-hidden"> (raw sessions)</span>
        </button>
      ))}
      <span className="rk-visually-hidden" role="status">
        {state.status === 'done' ? state.message : busy ? 'Preparing the export…' : ''}
      </span>
      {state.status === 'failed' ? (
        <p className="rk-dashboard__export-error" role="alert">
          {state.message}
        </p>
      ) : null}
    </fieldset>
  )
}
