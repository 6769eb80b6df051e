/**
 * "At the subscriber's local daytime": a retry or a reminder due at night in the subscriber's time zone
 * waits for the morning there. Pure ECMAScript (Intl), no DOM or Node.
 */

const HOUR_MS = 3_600_000

const formatters = new Map<string, Intl.DateTimeFormat>()
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone)
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    })
    formatters.set(timeZone, formatter)
  }
  return formatter
}

/** Whether `name` is a time zone this runtime knows (an IANA name such as `Europe/Paris`). */
export function isTimeZone(name: string): boolean {
  if (name.length === 0 || name.length > 64) return false
  try {
    formatterFor(name)
    return true
  } catch {
    return false
  }
}

interface LocalParts {
  year: number
  month: number
  day: number
  hour: number
  minute: number
  second: number
}

function partsFromFormatter(at: Date, timeZone: string): LocalParts {
  const parts: Record<string, number> = {}
  for (const part of formatterFor(timeZone).formatToParts(at)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value)
  }
  return parts as unknown as LocalParts
}

/**
 * A zone's offset from UTC is constant within a quarter hour (every transition falls on one), so it is
 * asked of Intl once per zone and quarter hour: a pass judging 100k campaigns would otherwise spend
 * most of its time formatting dates.
 */
const QUARTER_HOUR_MS = 900_000
const offsets = new Map<string, number>()

function offsetAt(at: Date, timeZone: string): number {
  const bucket = Math.floor(at.getTime() / QUARTER_HOUR_MS) * QUARTER_HOUR_MS
  const key = `${timeZone}|${bucket}`
  let offset = offsets.get(key)
  if (offset === undefined) {
    const p = partsFromFormatter(new Date(bucket), timeZone)
    offset = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - bucket
    if (offsets.size > 100_000) offsets.clear()
    offsets.set(key, offset)
  }
  return offset
}

function localParts(at: Date, timeZone: string): LocalParts {
  const local = new Date(at.getTime() + offsetAt(at, timeZone))
  return {
    year: local.getUTCFullYear(),
    month: local.getUTCMonth() + 1,
    day: local.getUTCDate(),
    hour: local.getUTCHours(),
    minute: local.getUTCMinutes(),
    second: local.getUTCSeconds(),
  }
}

/** The instant whose wall clock in `timeZone` reads the given local date and hour (DST-aware). */
function instantOf(
  local: { year: number; month: number; day: number; hour: number },
  timeZone: string,
): Date {
  const wanted = Date.UTC(local.year, local.month - 1, local.day, local.hour)
  let guess = wanted
  // Two corrections settle the offset, including across a DST change.
  for (let i = 0; i < 2; i++) {
    const seen = localParts(new Date(guess), timeZone)
    const seenAsUtc = Date.UTC(seen.year, seen.month - 1, seen.day, seen.hour, seen.minute, seen.second)
    guess += wanted - seenAsUtc
  }
  return new Date(guess)
}

/**
 * `at` itself when its local hour in `timeZone` is within [startHour, endHour); otherwise the next
 * local `startHour` (the same morning before it, or the next day's after the window).
 */
export function atLocalDaytime(at: Date, timeZone: string, startHour: number, endHour: number): Date {
  const local = localParts(at, timeZone)
  if (local.hour >= startHour && local.hour < endHour) return at
  const day = new Date(Date.UTC(local.year, local.month - 1, local.day + (local.hour >= endHour ? 1 : 0)))
  const next = instantOf(
    { year: day.getUTCFullYear(), month: day.getUTCMonth() + 1, day: day.getUTCDate(), hour: startHour },
    timeZone,
  )
  // A DST gap can land the morning a little before `at`: never earlier than asked.
  return next.getTime() < at.getTime() ? new Date(at.getTime() + HOUR_MS) : next
}

/**
 * A representative time zone for a billing address (Stripe's customer address): one per country,
 * per state or province where a country spans several. Unknown: null (the merchant's default then).
 */
const BY_COUNTRY: Readonly<Record<string, string>> = {
  AT: 'Europe/Vienna',
  AU: 'Australia/Sydney',
  BE: 'Europe/Brussels',
  BR: 'America/Sao_Paulo',
  CA: 'America/Toronto',
  CH: 'Europe/Zurich',
  CL: 'America/Santiago',
  CN: 'Asia/Shanghai',
  CO: 'America/Bogota',
  CZ: 'Europe/Prague',
  DE: 'Europe/Berlin',
  DK: 'Europe/Copenhagen',
  ES: 'Europe/Madrid',
  FI: 'Europe/Helsinki',
  FR: 'Europe/Paris',
  GB: 'Europe/London',
  GR: 'Europe/Athens',
  HK: 'Asia/Hong_Kong',
  IE: 'Europe/Dublin',
  IL: 'Asia/Jerusalem',
  IN: 'Asia/Kolkata',
  IT: 'Europe/Rome',
  JP: 'Asia/Tokyo',
  KR: 'Asia/Seoul',
  LU: 'Europe/Luxembourg',
  MX: 'America/Mexico_City',
  NL: 'Europe/Amsterdam',
  NO: 'Europe/Oslo',
  NZ: 'Pacific/Auckland',
  PL: 'Europe/Warsaw',
  PT: 'Europe/Lisbon',
  RO: 'Europe/Bucharest',
  SE: 'Europe/Stockholm',
  SG: 'Asia/Singapore',
  TR: 'Europe/Istanbul',
  US: 'America/New_York',
  ZA: 'Africa/Johannesburg',
}

const US_ZONES: ReadonlyArray<[string, readonly string[]]> = [
  [
    'America/Chicago',
    ['AL', 'AR', 'IA', 'IL', 'KS', 'LA', 'MN', 'MO', 'MS', 'ND', 'NE', 'OK', 'SD', 'TX', 'WI'],
  ],
  ['America/Denver', ['CO', 'MT', 'NM', 'UT', 'WY', 'ID']],
  ['America/Phoenix', ['AZ']],
  ['America/Los_Angeles', ['CA', 'NV', 'OR', 'WA']],
  ['America/Anchorage', ['AK']],
  ['Pacific/Honolulu', ['HI']],
]
const CA_ZONES: ReadonlyArray<[string, readonly string[]]> = [
  ['America/Vancouver', ['BC']],
  ['America/Edmonton', ['AB']],
  ['America/Winnipeg', ['MB']],
  ['America/Regina', ['SK']],
  ['America/Halifax', ['NS', 'NB', 'PE']],
  ['America/St_Johns', ['NL']],
]
const AU_ZONES: ReadonlyArray<[string, readonly string[]]> = [
  ['Australia/Perth', ['WA']],
  ['Australia/Adelaide', ['SA']],
  ['Australia/Darwin', ['NT']],
  ['Australia/Brisbane', ['QLD']],
]
const BY_STATE: Readonly<Record<string, ReadonlyArray<[string, readonly string[]]>>> = {
  US: US_ZONES,
  CA: CA_ZONES,
  AU: AU_ZONES,
}

export function timeZoneForAddress(
  address: { country?: string | null; state?: string | null } | null | undefined,
): string | null {
  const country = address?.country?.toUpperCase()
  if (!country) return null
  const state = address?.state?.toUpperCase()
  const zone = state ? BY_STATE[country]?.find(([, states]) => states.includes(state))?.[0] : undefined
  return zone ?? BY_COUNTRY[country] ?? null
}
