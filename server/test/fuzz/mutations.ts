import fc from 'fast-check'
import type { Outgoing } from './send'
import type { RequestSpec } from './targets'

/**
 * Hostile variations of a valid request: what a broken client, a scanner or an attacker sends. Each
 * variation changes one thing — a body field, the whole body, a query value, a path segment, the
 * token — so that the rest of the request stays valid and the change reaches deep into the route.
 */

const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code))

/** Strings that broke things before, or that typically do. */
const nastyString = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '\uD83D',
    '\uDE00x',
    '0000-01-01T00:00:00Z',
    '0000-01-01',
    '9999-12-31T23:59:59Z',
    '275760-09-13T00:00:00Z',
    '2026-02-30',
    '-1',
    '0',
    '1e309',
    'NaN',
    'null',
    'true',
    '[]',
    '{}',
    '<script>alert(1)</script>',
    "'; drop table accounts; --",
    '../../../etc/passwd',
    '%',
    '%ff',
    '%00',
    'cus_',
    'sub_x',
    'price_missing',
    'rkws_forged',
    'x'.repeat(300),
    'é'.repeat(120),
    '🙂'.repeat(60),
  ),
  fc.string({ maxLength: 80 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc
    .tuple(fc.string({ maxLength: 10 }), loneSurrogate, fc.string({ maxLength: 10 }))
    .map((parts) => parts.join('')),
)

/** Any JSON value a field might be replaced with. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: nastyString },
  fc.integer(),
  fc.constantFrom(0, -1, 2 ** 31, 2 ** 53, -(2 ** 53), 1e308, 0.1, -0.0),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.constant(null),
  fc.array(nastyString, { maxLength: 3 }),
  fc.dictionary(nastyString, nastyString, { maxKeys: 3 }),
  fc.jsonValue({ maxDepth: 2 }),
)

/** Every path to a value inside a JSON body (`[]` is the body itself). */
function pathsOf(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  const paths: (string | number)[][] = [prefix]
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) paths.push(...pathsOf(item, [...prefix, i]))
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) paths.push(...pathsOf(item, [...prefix, key]))
  }
  return paths
}

function setAt(value: unknown, path: (string | number)[], replacement: unknown): unknown {
  if (path.length === 0) return replacement
  const [head, ...rest] = path
  if (Array.isArray(value))
    return value.map((item, i) => (i === head ? setAt(item, rest, replacement) : item))
  if (value !== null && typeof value === 'object' && head !== undefined) {
    const record = value as Record<string, unknown>
    return { ...record, [head]: setAt(record[head], rest, replacement) }
  }
  return value
}

function dropAt(value: unknown, path: (string | number)[]): unknown {
  if (path.length === 0) return undefined
  if (path.length === 1 && value !== null && typeof value === 'object') {
    const [key] = path
    if (Array.isArray(value)) return value.filter((_, i) => i !== key)
    const { [String(key)]: _dropped, ...rest } = value as Record<string, unknown>
    return rest
  }
  const [head, ...rest] = path
  if (head === undefined || value === null || typeof value !== 'object') return value
  return setAt(value, [head], dropAt((value as Record<string | number, unknown>)[head], rest))
}

/** Percent-encodes what can be; an unpaired surrogate (which cannot) goes out as its raw UTF-8 escape. */
function encodeLoosely(text: string): string {
  try {
    return encodeURIComponent(text)
  } catch {
    return [...text]
      .map((char) => (/[\uD800-\uDFFF]/.test(char) ? '%ED%A0%80' : encodeURIComponent(char)))
      .join('')
  }
}

/** A query value as a careless or hostile client writes it: encoded, raw, or with broken escapes. */
const queryText = fc.oneof(
  nastyString.map(encodeLoosely),
  nastyString.map((text) => text.replace(/[&#\s]/g, '')),
  fc.constantFrom('%', '%f', '%ff', '%E0%A4%A', '%ED%A0%80', '%00', '%C0%AF', '%%', '+', '%2F..%2F'),
)

function splitPath(path: string): { segments: string[]; query: [string, string][] } {
  const [pathname = '', search = ''] = path.split('?')
  return {
    segments: pathname.split('/'),
    query: search
      ? search.split('&').map((pair) => [pair.split('=')[0] ?? '', pair.split('=').slice(1).join('=')])
      : [],
  }
}

function joinPath(segments: string[], query: [string, string][]): string {
  const search = query.map(([name, value]) => `${name}=${value}`).join('&')
  return `${segments.join('/')}${search ? `?${search}` : ''}`
}

export type Mutation = (spec: RequestSpec) => Outgoing

/** One hostile variation of `spec`, as a fast-check arbitrary. */
export function mutationOf(
  spec: RequestSpec,
  method: string,
): fc.Arbitrary<{ label: string; request: Outgoing }> {
  const { segments, query } = splitPath(spec.path)
  const bodyPaths = spec.body === undefined ? [] : pathsOf(spec.body)
  const options: fc.Arbitrary<{ label: string; request: Outgoing }>[] = []
  // A GET carries no body (fetch refuses to send one): only its URL and token vary.
  const takesBody = method !== 'GET'
  if (takesBody && bodyPaths.length > 0) {
    options.push(
      fc.tuple(fc.constantFrom(...bodyPaths), hostileValue).map(([path, value]) => ({
        label: `body.${path.join('.')} = ${JSON.stringify(value)?.slice(0, 80)}`,
        request: { ...spec, body: setAt(spec.body, path, value) },
      })),
    )
  }
  const innerPaths = bodyPaths.filter((path) => path.length > 0)
  if (takesBody && innerPaths.length > 0) {
    options.push(
      fc.constantFrom(...innerPaths).map((path) => ({
        label: `body without ${path.join('.')}`,
        request: { ...spec, body: dropAt(spec.body, path) },
      })),
    )
  }
  if (takesBody)
    options.push(
      fc.tuple(nastyString, hostileValue).map(([key, value]) => ({
        label: `body with extra ${JSON.stringify(key)}`,
        request: {
          ...spec,
          body:
            spec.body !== null && typeof spec.body === 'object' && !Array.isArray(spec.body)
              ? { ...spec.body, [key]: value }
              : { [key]: value },
        },
      })),
      fc
        .jsonValue({ maxDepth: 3 })
        .map((value) => ({ label: 'any JSON body', request: { ...spec, body: value } })),
      fc
        .constantFrom(
          '{',
          '{"a":',
          'null x',
          '[1,2',
          '"\\ud800"',
          '{"a":"\\u0000"}',
          '\u0000',
          '{"__proto__":{"x":1}}',
        )
        .map((rawBody) => ({ label: `raw body ${JSON.stringify(rawBody)}`, request: { ...spec, rawBody } })),
    )
  if (query.length > 0) {
    options.push(
      fc.tuple(fc.nat({ max: query.length - 1 }), queryText).map(([index, value]) => ({
        label: `query ${query[index]?.[0]}=${value}`,
        request: {
          ...spec,
          path: joinPath(
            segments,
            query.map((pair, i) => (i === index ? [pair[0], value] : pair)),
          ),
        },
      })),
    )
  }
  options.push(
    fc.tuple(queryText, queryText).map(([name, value]) => ({
      label: `extra query ${name}=${value}`,
      request: { ...spec, path: joinPath(segments, [...query, [name, value]]) },
    })),
  )
  // Segments after /api/<group>/ or /auth/v1/<name>/ that the route reads (ids): the last ones.
  const variable = segments.map((_, i) => i).filter((i) => i >= 3 && segments[i] !== '')
  if (variable.length > 0) {
    options.push(
      fc.tuple(fc.constantFrom(...variable), queryText).map(([index, value]) => ({
        label: `path segment ${index} = ${value}`,
        request: {
          ...spec,
          path: joinPath(
            segments.map((s, i) => (i === index ? value : s)),
            query,
          ),
        },
      })),
    )
  }
  options.push(
    fc.constantFrom('', 'garbage', 'a.b.c', 'eyJhbGciOiJub25lIn0.e30.').map((token) => ({
      label: `token ${JSON.stringify(token)}`,
      request: { ...spec, token },
    })),
  )
  return fc.oneof(...options)
}
