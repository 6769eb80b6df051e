/**
 * The DNS merchants' webhook host names resolve through in tests: nothing here reaches a real name
 * server. Every name under the reserved `.example`, `.com`, `.test` suffixes answers a documentation
 * address (203.0.113.0/24, public in form, routed nowhere) until a test points it elsewhere — which is
 * how a test re-points a name at an internal address after registration (DNS rebinding).
 */
export interface FakeDns {
  resolve(hostname: string): Promise<string[]>
  /** From now on `hostname` answers `addresses` (an empty list: the name does not exist). */
  point(hostname: string, addresses: string[]): void
  /** How many times each name was looked up. */
  lookups: Map<string, number>
}

export function createFakeDns(): FakeDns {
  const records = new Map<string, string[]>()
  const lookups = new Map<string, number>()
  return {
    lookups,
    point(hostname, addresses) {
      records.set(hostname.toLowerCase(), [...addresses])
    },
    async resolve(hostname) {
      const name = hostname.toLowerCase()
      lookups.set(name, (lookups.get(name) ?? 0) + 1)
      const answer = records.get(name) ?? defaultAnswer(name)
      if (answer.length === 0)
        throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' })
      return answer
    },
  }
}

function defaultAnswer(name: string): string[] {
  if (!/\.(?:example|com|test)$/.test(name)) return []
  // A stable address per name, so two names are told apart in a log.
  let hash = 0
  for (const char of name) hash = (hash * 31 + char.charCodeAt(0)) % 250
  return [`203.0.113.${hash + 1}`]
}
