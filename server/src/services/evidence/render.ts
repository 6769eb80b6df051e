import { toCsv } from '@retainkit/shared/csv'
import type { EvidenceExport, SessionStory } from './export'

/**
 * The evidence export as CSV (one line per ledger row, its content as canonical JSON beside its
 * hashes, so the chain can be checked from the file alone) and as a printable page (each session told
 * screen by screen, then every row and its hash).
 */

const CSV_HEADER = [
  'seq',
  'recorded_at',
  'session_id',
  'customer_id',
  'mode',
  'kind',
  'body_json',
  'prev_hash',
  'hash',
] as const

export function evidenceCsv(doc: EvidenceExport): string {
  return toCsv(
    CSV_HEADER,
    doc.entries.map((entry) => [
      entry.seq,
      entry.recorded_at,
      entry.session_id,
      entry.customer_id,
      entry.mode,
      entry.kind,
      JSON.stringify(entry.body),
      entry.prev_hash,
      entry.hash,
    ]),
  )
}

const ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}
const escapeHtml = (value: unknown) =>
  String(value ?? '').replace(/[&<>"']/g, (char) => ESCAPES[char] as string)

function storyHtml(story: SessionStory): string {
  const jurisdiction = story.jurisdiction as { mode?: string; why?: string; law?: string | null } | null
  const screens = story.screens_shown
    .map(
      (screen, index) =>
        `<li><p><strong>${index + 1}. ${escapeHtml(screen.screen)}</strong> <time>${escapeHtml(screen.at)}</time></p>${
          screen.headline ? `<p class="h">${escapeHtml(screen.headline)}</p>` : ''
        }${screen.subheadline ? `<p>${escapeHtml(screen.subheadline)}</p>` : ''}${
          screen.note ? `<p>${escapeHtml(screen.note)}</p>` : ''
        }</li>`,
    )
    .join('')
  const clicks = (
    story.clicks as { step: string; offer?: string | null; at?: string | null; received_at: string }[]
  )
    .map(
      (click) =>
        `<tr><td>${escapeHtml(click.step)}</td><td>${escapeHtml(click.offer ?? '')}</td><td>${escapeHtml(click.at ?? '')}</td><td>${escapeHtml(click.received_at)}</td></tr>`,
    )
    .join('')
  return `<section>
<h2>Session ${escapeHtml(story.session_id)}</h2>
<dl>
<dt>Customer</dt><dd>${escapeHtml(story.customer_id)}</dd>
<dt>Mode</dt><dd>${escapeHtml(story.mode)}</dd>
<dt>Started</dt><dd>${escapeHtml(story.started_at)}</dd>
<dt>Jurisdiction</dt><dd>${escapeHtml(jurisdiction?.why ?? 'not recorded')}${jurisdiction?.law ? ` (${escapeHtml(jurisdiction.law)})` : ''}</dd>
<dt>Language</dt><dd>${escapeHtml(story.language ?? '')}</dd>
<dt>Outcome</dt><dd>${escapeHtml(story.outcome ?? 'open')}</dd>
<dt>Time and clicks to the end</dt><dd>${story.duration_ms === null ? '—' : `${escapeHtml(story.duration_ms)} ms, ${escapeHtml(story.clicks_to_end)} clicks`}</dd>
${story.after_cancel_answer ? `<dt>Asked after cancelling</dt><dd>${escapeHtml(story.after_cancel_answer)}</dd>` : ''}
</dl>
<h3>Screens shown</h3>
<ol class="screens">${screens || '<li>None recorded</li>'}</ol>
<h3>Clicks</h3>
<table><thead><tr><th scope="col">Step</th><th scope="col">Offer</th><th scope="col">Browser time</th><th scope="col">Received</th></tr></thead><tbody>${clicks}</tbody></table>
${story.declaration ? `<h3>Declaration</h3><pre>${escapeHtml(JSON.stringify(story.declaration, null, 2))}</pre>` : ''}
${story.receipt.length ? `<h3>Receipt</h3><pre>${escapeHtml(JSON.stringify(story.receipt, null, 2))}</pre>` : ''}
</section>`
}

/** A self-contained page (no scripts, no outside resources) that prints as the evidence file. */
export function evidenceHtml(doc: EvidenceExport): string {
  const { verification } = doc
  const verdict = verification.intact && verification.rows_altered.length === 0
  const rows = doc.entries
    .map(
      (entry) =>
        `<tr><td>${entry.seq}</td><td>${escapeHtml(entry.recorded_at)}</td><td>${escapeHtml(entry.kind)}</td><td>${escapeHtml(entry.session_id ?? '')}</td><td class="hash">${escapeHtml(entry.hash)}</td></tr>`,
    )
    .join('')
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Retainkit evidence — ${escapeHtml(doc.account_id)}</title>
<style>
body{font:14px/1.5 system-ui,sans-serif;color:#111;margin:24px;max-width:960px}
h1{font-size:22px}h2{font-size:18px;border-top:1px solid #999;padding-top:12px}
dl{display:grid;grid-template-columns:max-content 1fr;gap:2px 12px}dt{font-weight:600}dd{margin:0}
table{border-collapse:collapse;width:100%}th,td{border:1px solid #999;padding:2px 6px;text-align:start;vertical-align:top}
.hash{font-family:monospace;font-size:11px;word-break:break-all}.h{font-weight:600}
.ok{color:#0a5a1f}.bad{color:#8b0000}
@media print{section{break-inside:avoid-page}}
</style>
</head>
<body>
<main>
<h1>Evidence ledger export</h1>
<p>Account ${escapeHtml(doc.account_id)}, generated ${escapeHtml(doc.generated_at)}.</p>
<p class="${verdict ? 'ok' : 'bad'}" role="status"><strong>${
    verdict
      ? `Chain verified: rows ${verification.fromSeq}–${verification.toSeq} intact; head ${verification.head.seq} (${escapeHtml(verification.head.hash)}).`
      : `Verification FAILED: ${escapeHtml(JSON.stringify({ problems: verification.problems, rows_altered: verification.rows_altered }))}`
  }</strong></p>
<p>Each row's hash is SHA-256 over the previous row's hash, a newline, and the row's canonical JSON (keys sorted): account_id, seq, session_id, customer_id, mode, kind, recorded_at, body.</p>
${doc.sessions.map(storyHtml).join('\n')}
<h2>Rows</h2>
<table><thead><tr><th scope="col">Seq</th><th scope="col">Recorded</th><th scope="col">Kind</th><th scope="col">Session</th><th scope="col">Hash</th></tr></thead><tbody>${rows}</tbody></table>
</main>
</body>
</html>
`
}
