/**
 * An OpenAI-compatible chat completions server (what a local model server such as llama.cpp's, Ollama's
 * or vLLM's answers) on loopback, for the write-in summaries. It keeps what real servers check: the
 * bearer key when one is set (401 `invalid_api_key`), a known model (404 `model_not_found`), a body with
 * `model` and a non-empty `messages` list of system/user/assistant turns with string content (400
 * `invalid_request_error`), and answers in the chat.completion shape with usage. It records every
 * request; a test can make it slow (to hit the caller's timeout) or fail with a status.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant'
  content: string
}

export interface RecordedChatRequest {
  path: string
  authorization: string | null
  body: unknown
}

export interface FakeChatOptions {
  /** The key callers must send as `Authorization: Bearer …`; none → no key is checked (local servers). */
  apiKey?: string
  models?: readonly string[]
  /** The assistant's answer; by default a sentence naming the turns and echoing the first quoted line. */
  respond?: (messages: readonly ChatMessage[], model: string) => string
}

export interface FakeChatServer {
  /** The API's base URL, ending in /v1 (as clients are configured). */
  url: string
  requests: RecordedChatRequest[]
  /** Answers after `ms` from now on (0: at once). */
  delay(ms: number): void
  /** Fails every request with this status from now on (null: answers again). */
  failWith(status: number | null): void
  close(): Promise<void>
}

const ROLES = new Set(['system', 'user', 'assistant'])

function defaultAnswer(messages: readonly ChatMessage[]): string {
  const user = messages.filter((m) => m.role === 'user').map((m) => m.content)
  const quoted = user.join('\n').match(/"[^"\n]{3,200}"/)?.[0]
  return `Summary of ${user.length} request${user.length === 1 ? '' : 's'}: most write-ins are about price.${quoted ? ` One subscriber wrote ${quoted}.` : ''}`
}

function openAiError(
  res: ServerResponse,
  status: number,
  message: string,
  type: string,
  code: string | null,
) {
  res.writeHead(status, { 'content-type': 'application/json' })
  res.end(JSON.stringify({ error: { message, type, param: null, code } }))
}

function validMessages(value: unknown): value is ChatMessage[] {
  return (
    Array.isArray(value) &&
    value.length > 0 &&
    value.every(
      (m) =>
        typeof m === 'object' &&
        m !== null &&
        ROLES.has((m as ChatMessage).role) &&
        typeof (m as ChatMessage).content === 'string',
    )
  )
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

export async function startFakeChatCompletions(options: FakeChatOptions = {}): Promise<FakeChatServer> {
  const models = options.models ?? ['local-model']
  const requests: RecordedChatRequest[] = []
  let delayMs = 0
  let failure: number | null = null
  let counter = 0

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const text = await readBody(req)
    let body: unknown = null
    try {
      body = text ? JSON.parse(text) : null
    } catch {
      body = text
    }
    const authorization = req.headers.authorization ?? null
    requests.push({ path: req.url ?? '', authorization, body })
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs))
    if (res.destroyed) return
    if (options.apiKey && authorization !== `Bearer ${options.apiKey}`)
      return openAiError(res, 401, 'Incorrect API key provided.', 'invalid_request_error', 'invalid_api_key')
    if (failure !== null) return openAiError(res, failure, 'The server had an error.', 'server_error', null)
    if (req.method === 'GET' && req.url === '/v1/models') {
      res.writeHead(200, { 'content-type': 'application/json' })
      return res.end(
        JSON.stringify({
          object: 'list',
          data: models.map((id) => ({ id, object: 'model', owned_by: 'local' })),
        }),
      )
    }
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions')
      return openAiError(
        res,
        404,
        `Unknown request URL: ${req.method} ${req.url}`,
        'invalid_request_error',
        'unknown_url',
      )
    const request = body as { model?: unknown; messages?: unknown } | null
    if (typeof request?.model !== 'string')
      return openAiError(res, 400, 'you must provide a model parameter', 'invalid_request_error', null)
    if (!models.includes(request.model))
      return openAiError(
        res,
        404,
        `The model '${request.model}' does not exist`,
        'invalid_request_error',
        'model_not_found',
      )
    if (!validMessages(request.messages))
      return openAiError(
        res,
        400,
        "Invalid 'messages': expected a non-empty array of messages.",
        'invalid_request_error',
        null,
      )
    const content = (options.respond ?? defaultAnswer)(request.messages, request.model)
    const promptTokens = Math.ceil(request.messages.reduce((n, m) => n + m.content.length, 0) / 4)
    const completionTokens = Math.ceil(content.length / 4)
    res.writeHead(200, { 'content-type': 'application/json' })
    res.end(
      JSON.stringify({
        id: `chatcmpl-fake${++counter}`,
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model: request.model,
        choices: [
          { index: 0, message: { role: 'assistant', content }, finish_reason: 'stop', logprobs: null },
        ],
        usage: {
          prompt_tokens: promptTokens,
          completion_tokens: completionTokens,
          total_tokens: promptTokens + completionTokens,
        },
      }),
    )
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) openAiError(res, 500, 'fake failed', 'server_error', null)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    delay: (ms) => {
      delayMs = ms
    },
    failWith: (status) => {
      failure = status
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
