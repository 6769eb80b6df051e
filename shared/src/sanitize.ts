import { SANITIZED_MESSAGE_MAX_LENGTH, SANITIZED_USER_MESSAGE_MAX_LENGTH } from './constants'

/**
 * Error-message sanitizing: whatever an error says is scrubbed before it reaches a log line or a
 * person. Dependency-free so the widget and console can import it cheaply.
 *
 * Every pattern below is written to run in linear time on hostile input up to 1 MB: a match may only
 * start where its run starts (negative lookbehind on its own first character class), scans are bounded
 * or stop at characters the pattern cannot contain, and open/close pairs (script blocks, private keys)
 * are found with forward-only searches instead of lazy `[\s\S]*?` scans.
 */

export const DEFAULT_SANITIZED_MESSAGE = 'An unexpected error occurred.'

/** Beyond this, input cannot reach a 500-character output except through markup removal: it is dropped. */
export const MAX_SANITIZE_INPUT_CHARS = 1_048_576

export const REDACTION_MARKERS = {
  key: '[REDACTED_KEY]',
  token: '[REDACTED_TOKEN]',
  secret: '[REDACTED_SECRET]',
  connection: '[REDACTED_CONNECTION]',
  path: '[REDACTED_PATH]',
  email: '[REDACTED_EMAIL]',
  ip: '[REDACTED_IP]',
  card: '[REDACTED_CARD]',
  ssn: '[REDACTED_SSN]',
  stack: '[REDACTED_STACK]',
} as const
export type RedactionKind = keyof typeof REDACTION_MARKERS

export const SANITIZE_AUDIENCES = ['log', 'user'] as const
export type SanitizeAudience = (typeof SANITIZE_AUDIENCES)[number]

export const SANITIZE_MAX_LENGTH: Readonly<Record<SanitizeAudience, number>> = {
  log: SANITIZED_MESSAGE_MAX_LENGTH,
  user: SANITIZED_USER_MESSAGE_MAX_LENGTH,
}

export interface SanitizeOptions {
  /** 'log' (default) keeps up to 500 characters, 'user' up to 200. */
  audience?: SanitizeAudience
  /** A tighter limit than the audience's (never looser); used for response snippets. */
  maxLength?: number
}

/**
 * Sanitizes anything thrown or returned as an error message. Strings and Error instances (their message)
 * are scrubbed; anything else, or a message with nothing left after scrubbing, gives the default text.
 */
export function sanitizeMessage(input: unknown, options: SanitizeOptions = {}): string {
  const text = messageText(input)
  if (text === undefined) return DEFAULT_SANITIZED_MESSAGE
  const audienceMax = SANITIZE_MAX_LENGTH[options.audience ?? 'log']
  // Never below the default message's length, so the fallback itself always fits the limit.
  const limit = Math.max(
    DEFAULT_SANITIZED_MESSAGE.length,
    Math.min(options.maxLength ?? audienceMax, audienceMax),
  )
  const cleaned = redactText(text, limit)
  return cleaned === '' ? DEFAULT_SANITIZED_MESSAGE : cleaned
}

/**
 * The scrubbing itself, without the default text: strips markup, redacts, collapses whitespace and
 * truncates to `maxLength` (marker-safe, with a trailing '…'). May return ''.
 */
export function redactText(text: string, maxLength: number = SANITIZED_MESSAGE_MAX_LENGTH): string {
  let out = headWithoutCutToken(text, MAX_SANITIZE_INPUT_CHARS).replace(INVISIBLE_OR_CONTROL, '')
  // Line-anchored frames first, while newlines still mark where lines start.
  out = out.replace(LINE_STACK_FRAME, ` ${REDACTION_MARKERS.stack} `)
  out = collapseWhitespace(out)
  // V8 frames carry `<anonymous>`, which the tag stripper would otherwise eat first.
  out = out.replace(V8_STACK_FRAME, (frame, inParens?: string, bare?: string) =>
    looksLikeSourceLocation(inParens ?? bare) ? REDACTION_MARKERS.stack : frame,
  )
  out = stripTags(removeBlocks(out))
  for (const [pattern, replacement] of REDACTIONS) {
    out =
      typeof replacement === 'string'
        ? out.replace(pattern, replacement)
        : out.replace(pattern, replacement as (match: string, ...rest: unknown[]) => string)
  }
  out = collapseWhitespace(out).replace(REPEATED_STACK_MARKERS, REDACTION_MARKERS.stack)
  return truncate(out, Math.max(1, Math.floor(maxLength)))
}

function messageText(input: unknown): string | undefined {
  if (typeof input === 'string') return input
  if (input instanceof Error && typeof input.message === 'string') return input.message
  return undefined
}

/**
 * The first `limit` characters, minus the token (and any digit group) the cut went through: a cut through
 * a key or a card number must not leave a fragment that no longer looks like one.
 */
export function headWithoutCutToken(text: string, limit: number): string {
  if (text.length <= limit) return text
  let end = limit
  while (end > 0 && /\S/.test(text.charAt(end - 1))) end--
  while (end > 0 && /[\s\d-]/.test(text.charAt(end - 1))) end--
  return text.slice(0, end)
}

/** Touches only what needs changing: rewriting every single space costs more than all the redactions. */
function collapseWhitespace(text: string): string {
  return text.replace(/\s{2,}|[^\S ]/g, ' ').trim()
}

// Control characters (log injection, ANSI escapes) and zero-width characters are dropped, not spaced:
// `sk_live_\u200b4eC3…` must rejoin so the patterns see the key. Tags that rejoin are stripped later.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the purpose
const INVISIBLE_OR_CONTROL = /[\u0000-\u0008\u000e-\u001f\u007f-\u009f\u200b-\u200d\u2060\ufeff]/g

/** Firefox/Safari frames: `fn@https://host/app.js:12:5` on a line of their own, the location a path. */
const LINE_STACK_FRAME = /^[ \t]*[^\s@]{0,300}@(?=\S{0,1000}[/\\])\S{1,1000}:\d+:\d+[ \t]*$/gm

/** V8 frames: `at fn (file:1:2)`, `at async fn [as x] (file:1:2)`, `at file:1:2`, `at fn (native)`. */
const V8_STACK_FRAME =
  /\bat (?:async |new )?(?:(?:[^\s()]{1,300}(?: \[as [^\s\]]{1,100}\])? )?\(([^()]{1,1000}:\d+(?::\d+)?|native|<anonymous>|index \d+)\)|([^\s()]{1,1000}):\d+:\d+)/g

/** Keeps "meet at noon (12:30:45)" while catching `(/app/x.js:1:2)`, `(<anonymous>)`, `(native)`. */
function looksLikeSourceLocation(location: string | undefined): boolean {
  return /[/\\]|<anonymous>|^native$|^index \d+$/.test(location ?? '')
}

const REPEATED_STACK_MARKERS = /\[REDACTED_STACK\](?: \[REDACTED_STACK\])+/g

/**
 * Anything tag-shaped, up to the first '>' as an HTML tokenizer reads it (`<scr</script>` is one tag), so
 * that no tag can be left behind or spliced together by a removal.
 */
const HTML_TAG = /<\/?[A-Za-z][^>]*>|<[!?][^>]*>/g

function stripTags(text: string): string {
  // Past the last '>' nothing can close a tag; without this cut, `<a<a<a…` would rescan to the end each time.
  const lastClose = text.lastIndexOf('>')
  if (lastClose === -1) return text
  return text.slice(0, lastClose + 1).replace(HTML_TAG, ' ') + text.slice(lastClose + 1)
}

const BLOCK_OPENER = /<(script|style)|<!--|-----BEGIN [A-Z0-9 ]{0,40}PRIVATE KEY-----/gi

const BLOCK_CLOSERS = {
  script: /<\/script\s*>/gi,
  style: /<\/style\s*>/gi,
  comment: /-->/g,
  privateKey: /-----END [A-Z0-9 ]{0,40}PRIVATE KEY-----/gi,
} as const

/**
 * Removes script/style blocks, comments and PEM private keys. An unclosed block swallows the rest of the
 * text: better to lose a tail than to show half a script or half a key.
 */
function removeBlocks(text: string): string {
  let result = ''
  let position = 0
  BLOCK_OPENER.lastIndex = 0
  for (let open = BLOCK_OPENER.exec(text); open; open = BLOCK_OPENER.exec(text)) {
    const kind = blockKind(open)
    const closer = BLOCK_CLOSERS[kind]
    closer.lastIndex = open.index + open[0].length
    const close = closer.exec(text)
    result += text.slice(position, open.index) + (kind === 'privateKey' ? ` ${REDACTION_MARKERS.key} ` : ' ')
    if (!close) return result
    position = close.index + close[0].length
    BLOCK_OPENER.lastIndex = position
  }
  return result + text.slice(position)
}

function blockKind(open: RegExpExecArray): keyof typeof BLOCK_CLOSERS {
  const tag = open[1]?.toLowerCase()
  if (tag === 'script' || tag === 'style') return tag
  return open[0] === '<!--' ? 'comment' : 'privateKey'
}

/** A replacer's own parameters vary (groups, offset, text); `never[]` accepts each of them. */
type Replacement = string | ((...args: never[]) => string)

const SECRET_NAME =
  /passw|^pass$|^pwd$|secret|token|api[_-]?key|private[_-]?key|credential|authori[sz]ation|cookie|session[_-]?id|signature|^sig$/i

/** Whether a field, header or parameter name announces a secret (`password`, `api_key`, `x-auth-token`, …). */
export function isSecretName(name: string): boolean {
  return SECRET_NAME.test(name)
}

function redactValueIfSecretName(match: string, name: string, separator: string): string {
  return SECRET_NAME.test(name) ? `${name}${separator}${REDACTION_MARKERS.secret}` : match
}

/** Class changes between lower, upper and digit: high in random tokens, low in words and identifiers. */
function classTransitions(run: string): number {
  let transitions = 0
  let previous = ''
  for (const char of run) {
    const current = /[a-z]/.test(char) ? 'l' : /[A-Z]/.test(char) ? 'u' : /\d/.test(char) ? 'd' : ''
    if (current === '') continue
    if (previous !== '' && current !== previous) transitions++
    previous = current
  }
  return transitions
}

function redactIfTokenLike(run: string): string {
  if (UUID.test(run)) return run
  const tokenLike =
    /^[0-9a-f]+$/i.test(run) ||
    (/\d/.test(run) && /[A-Za-z]/.test(run)) ||
    classTransitions(run) >= run.length / 4
  return tokenLike ? REDACTION_MARKERS.token : run
}

// UUIDs stay readable: they are the request, session and error ids logs are searched by, not secrets.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const UUID_ANYWHERE = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi
const UUID_LENGTH = 36

/** The Luhn check every payment card number passes (and 9 in 10 random digit strings fail). */
function passesLuhn(digits: string): boolean {
  let sum = 0
  for (let i = 0; i < digits.length; i++) {
    const digit = digits.charCodeAt(digits.length - 1 - i) - 48
    sum += i % 2 === 1 ? (digit * 2 > 9 ? digit * 2 - 9 : digit * 2) : digit
  }
  return sum % 10 === 0
}

/**
 * A card number: 13 to 19 digits passing Luhn, with a first digit some scheme issues at that length
 * (13 digits: only Visa's old numbers, leading 4; 14: Diners, leading 3; 15: Amex, JCB, UATP; none
 * leads with 0). So a millisecond timestamp or an id's digit run is not taken for one.
 */
function isCardNumber(digits: string): boolean {
  if (digits.length < 13 || digits.length > 19 || digits[0] === '0') return false
  if (digits.length === 13 && digits[0] !== '4') return false
  if (digits.length === 14 && digits[0] !== '3') return false
  if (digits.length === 15 && digits[0] !== '3' && digits[0] !== '1') return false
  return passesLuhn(digits)
}

/** Whether the run, or consecutive groups of it (a card beside other numbers), is a card number. */
function containsCard(run: string): boolean {
  const groups = run.split(/[ -]/)
  for (let start = 0; start < groups.length; start++) {
    let digits = ''
    for (let end = start; end < groups.length && digits.length < 19; end++) {
      digits += groups[end]
      if (isCardNumber(digits)) return true
    }
  }
  return false
}

/** A UUID's digit-heavy tail (`a456-426614174000`) reads as 15 digits; it is not a card. */
function redactCardRun(run: string, offset: number, text: string): string {
  if (!containsCard(run)) return run
  if (run.length <= UUID_LENGTH) {
    const windowStart = Math.max(0, offset - UUID_LENGTH)
    const window = text.slice(windowStart, offset + run.length + UUID_LENGTH)
    for (const uuid of window.matchAll(UUID_ANYWHERE)) {
      const uuidStart = windowStart + uuid.index
      if (uuidStart <= offset && uuidStart + UUID_LENGTH >= offset + run.length) return run
    }
  }
  return REDACTION_MARKERS.card
}

const IPV4_TAIL = /\d{1,3}(?:\.\d{1,3}){3}$/

function redactIfIpv6(candidate: string): string {
  let head = candidate
  let groupsAvailable = 8
  const ipv4 = IPV4_TAIL.exec(candidate)
  if (ipv4) {
    head = candidate.slice(0, ipv4.index)
    if (!head.endsWith('::')) head = head.slice(0, -1)
    groupsAvailable = 6
  }
  const halves = head.split('::')
  if (halves.length > 2) return candidate
  const groups = halves.flatMap((half) => (half === '' ? [] : half.split(':')))
  if (!groups.every((group) => /^[0-9a-f]{1,4}$/i.test(group))) return candidate
  const valid = halves.length === 2 ? groups.length < groupsAvailable : groups.length === groupsAvailable
  return valid ? REDACTION_MARKERS.ip : candidate
}

const DB_SCHEMES =
  'postgres(?:ql)?|mysql|mariadb|mongodb(?:\\+srv)?|rediss?|amqps?|mssql|sqlserver|oracle|cockroachdb|clickhouse|couchdb|neo4j(?:\\+s)?|cassandra|memcached'

/**
 * Applied in order, so that no rule sees half of what an earlier one should have taken whole: connection
 * strings before e-mails (user:pass@host), headers and assignments before bare tokens, paths before
 * generic tokens, IPv6 before IPv4, SSNs before card numbers (a card's run would swallow a neighbouring
 * SSN's first group), and both before generic long runs.
 */
const REDACTIONS: ReadonlyArray<readonly [RegExp, Replacement]> = [
  [new RegExp(`(?<![A-Za-z0-9+.-])(?:${DB_SCHEMES}):\\/\\/[^\\s'"<>]*`, 'gi'), REDACTION_MARKERS.connection],
  // Any URL carrying credentials: `smtp://user:pass@host`, `https://token@host/...`.
  [
    /(?<![A-Za-z0-9+.-])[A-Za-z][A-Za-z0-9+.-]{1,30}:\/\/[^\s/@'"<>]+@[^\s'"<>]*/g,
    REDACTION_MARKERS.connection,
  ],
  [
    /\b(proxy-authorization|authorization|x-api-key|api-key)(\s*:\s*)(?:(?:Bearer|Basic|Digest|Token) )?[^\s,;]+/gi,
    `$1$2${REDACTION_MARKERS.secret}`,
  ],
  [/\b(set-cookie|cookie)(\s*:\s*)[^\s;]+(?:; ?[^\s;]+)*/gi, `$1$2${REDACTION_MARKERS.secret}`],
  // `password=…`, `?access_token=…`, `"client_secret": "…"` — decided by the name, see SECRET_NAME.
  [
    /(?<![A-Za-z0-9_-])([A-Za-z][A-Za-z0-9_-]{0,40})(\s*=\s*)(?:"[^"]{0,500}"|'[^']{0,500}'|[^\s&,;"']+)/g,
    redactValueIfSecretName,
  ],
  [
    /(["'][A-Za-z][A-Za-z0-9_-]{0,40}["'])(\s*:\s*)(?:"[^"]{0,500}"|'[^']{0,500}'|[^\s,;}"']+)/g,
    (match: string, quotedName: string, separator: string) =>
      SECRET_NAME.test(quotedName.slice(1, -1))
        ? `${quotedName}${separator}"${REDACTION_MARKERS.secret}"`
        : match,
  ],
  [
    /(?:sk|rk|pk)_(?:live|test)_[A-Za-z0-9]{8,}|whsec_[A-Za-z0-9+/=]{8,}|(?<![A-Za-z0-9])(?:(?:sk|rk)_[A-Za-z0-9]{16,}|gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,}|xox[abposr]-[A-Za-z0-9-]{10,}|(?:AKIA|ASIA)[A-Z0-9]{16}|AIza[A-Za-z0-9_-]{30,}|sbp_[A-Za-z0-9]{20,}|sk-[A-Za-z0-9_-]{20,})/g,
    REDACTION_MARKERS.key,
  ],
  [/(?<![A-Za-z0-9_-])eyJ[A-Za-z0-9_-]{7,}(?:\.[A-Za-z0-9_-]*){0,2}/g, REDACTION_MARKERS.token],
  [/\b([Bb]earer) [A-Za-z0-9._~+/=-]{8,}/g, `$1 ${REDACTION_MARKERS.token}`],
  [
    /(?<![A-Za-z0-9._%+-])[A-Za-z0-9._%+-]+@[A-Za-z0-9-]{1,63}(?:\.[A-Za-z0-9-]{1,63}){0,10}\.[A-Za-z]{2,63}/g,
    REDACTION_MARKERS.email,
  ],
  [
    /(?<![A-Za-z0-9_.~/-])(?:file:\/\/)?(?:~|\/(?:home|Users|root|var|usr|etc|opt|tmp|srv|mnt|private|proc|app|data|workspace|work|run|snap|nix|Library|Applications|Volumes|lib|bin|sbin|dev|boot|media|sys))(?=\/)[^\s'"<>()[\]{}|,;:*?]*/g,
    REDACTION_MARKERS.path,
  ],
  [/(?<![A-Za-z0-9+.-])[A-Za-z]:[\\/](?!\/)[^\s'"<>|*?,;]*/g, REDACTION_MARKERS.path],
  [/\\\\[A-Za-z0-9._$-]+\\[^\s'"<>|*?,;]*/g, REDACTION_MARKERS.path],
  [
    /(?<![A-Za-z0-9:.])(?:[0-9A-Fa-f]{0,4}:){2,7}(?:\d{1,3}(?:\.\d{1,3}){3}|[0-9A-Fa-f]{1,4})?(?![A-Za-z0-9:.])/g,
    redactIfIpv6,
  ],
  [
    /(?<![\d.])(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(?!\.?\d)/g,
    REDACTION_MARKERS.ip,
  ],
  [/(?<!\d)\d{3}-\d{2}-\d{4}(?!\d)/g, REDACTION_MARKERS.ssn],
  // A card is 13-19 digits passing Luhn, but the match takes the whole run of digits joined by single
  // spaces or dashes: stopping at 19 could end on a group boundary and leave the rest of a card behind.
  [/(?<!\d)\d(?:[ -]?\d){12,}/g, redactCardRun],
  [/(?<![A-Za-z0-9+/_=-])[A-Za-z0-9+/_=-]{32,}/g, redactIfTokenLike],
]

const ELLIPSIS = '…'
const MARKER_AT = /\[REDACTED_[A-Z]+\]/y
/** How far back a cut may move to land between words instead of inside one. */
const WORD_BOUNDARY_SLACK = 30

/** Cuts to `maxLength` including the ellipsis, never inside a marker, preferably between words. */
function truncate(text: string, maxLength: number): string {
  if (text.length <= maxLength) return text
  let cut = maxLength - ELLIPSIS.length
  const markerStart = text.lastIndexOf('[REDACTED_', cut)
  if (markerStart !== -1 && markerStart < cut) {
    MARKER_AT.lastIndex = markerStart
    const marker = MARKER_AT.exec(text)
    if (marker && markerStart + marker[0].length > cut) cut = markerStart
  }
  if (text[cut] !== ' ') {
    const space = text.lastIndexOf(' ', cut - 1)
    if (space > 0 && space >= cut - WORD_BOUNDARY_SLACK) cut = space
  }
  const lastCode = text.charCodeAt(cut - 1)
  if (lastCode >= 0xd800 && lastCode <= 0xdbff) cut--
  const kept = text.slice(0, cut).trimEnd()
  return kept === '' ? '' : kept + ELLIPSIS
}
