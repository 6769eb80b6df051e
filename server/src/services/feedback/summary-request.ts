import { z } from 'zod'
import type { WriteInSummaryConfig } from '../../config/summaries-env'

/**
 * What a monthly write-in summary is asked with, and the one request that asks it of the operator's
 * OpenAI-compatible endpoint (`POST {base}/chat/completions`). Write-in texts leave the installation
 * here and nowhere else, with e-mail addresses and long digit runs (card, phone, account numbers)
 * blanked first: a summary needs neither.
 */

export interface SummaryQuote {
  event_id: string
  text: string
  sentiment: string
}

export interface SummaryInputs {
  /** YYYY-MM */
  month: string
  writeins: number
  sentiments: Record<string, number>
  /** The month's most mentioned themes, by the merchant's names. */
  themes: { name: string; mentions: number }[]
  quotes: SummaryQuote[]
}

/** Characters of one write-in given to the model. */
const QUOTE_CHARS = 300
/** Characters of a summary kept (a model that runs on is cut here). */
export const SUMMARY_MAX_CHARS = 6000

export function redactForSummary(text: string): string {
  return text
    .replace(/[\w.+-]+@[\w-]+(\.[\w-]+)+/g, '[e-mail]')
    .replace(/\+?\d[\d ()./-]{6,}\d/g, (run) => (run.replace(/\D/g, '').length >= 7 ? '[number]' : run))
}

export function summaryMessages(inputs: SummaryInputs): { role: 'system' | 'user'; content: string }[] {
  const split = Object.entries(inputs.sentiments)
    .map(([sentiment, count]) => `${sentiment} ${count}`)
    .join(', ')
  const themes = inputs.themes.map((theme) => `- ${theme.name}: ${theme.mentions}`).join('\n')
  const quotes = inputs.quotes
    .map(
      (quote) =>
        `- (${quote.sentiment}) "${redactForSummary(quote.text).slice(0, QUOTE_CHARS).replace(/"/g, "'")}"`,
    )
    .join('\n')
  return [
    {
      role: 'system',
      content:
        'You summarise why subscribers cancelled, for the business they cancelled. Write in plain English, ' +
        'three to five short paragraphs, no headings. Name the main reasons in order of weight, what changed ' +
        'the most, and what the business could do. Quote two to four write-ins word for word, in double ' +
        'quotation marks, only from the list given; never invent a quote or a figure.',
    },
    {
      role: 'user',
      content:
        `Month: ${inputs.month}. Write-ins: ${inputs.writeins} (sentiment: ${split}).\n` +
        `Themes by mentions:\n${themes || '- none'}\n` +
        `A sample of the write-ins:\n${quotes}`,
    },
  ]
}

const completion = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string().nullable() }) })).min(1),
})

export class SummaryRequestError extends Error {}

/** The summary text, or a SummaryRequestError saying what went wrong (never with the texts sent). */
export async function requestSummary(
  config: WriteInSummaryConfig,
  inputs: SummaryInputs,
  fetchImpl: typeof fetch = fetch,
): Promise<string> {
  let res: Response
  try {
    res = await fetchImpl(`${config.baseUrl}/chat/completions`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {}),
      },
      body: JSON.stringify({
        model: config.model,
        messages: summaryMessages(inputs),
        temperature: 0.2,
        max_tokens: 900,
      }),
      signal: AbortSignal.timeout(config.timeoutMs),
    })
  } catch (error) {
    const name = error instanceof Error ? error.name : ''
    throw new SummaryRequestError(
      name === 'TimeoutError'
        ? `no answer within ${config.timeoutMs / 1000} s`
        : `could not reach the endpoint (${error instanceof Error ? error.message : String(error)})`,
    )
  }
  if (!res.ok) {
    await res.body?.cancel()
    throw new SummaryRequestError(`the endpoint answered ${res.status}`)
  }
  const parsed = completion.safeParse(await res.json().catch(() => null))
  const text = parsed.success ? parsed.data.choices[0]?.message.content?.trim() : undefined
  if (!text) throw new SummaryRequestError('the endpoint answered without a chat completion')
  return text.slice(0, SUMMARY_MAX_CHARS)
}
