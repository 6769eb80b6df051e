/**
 * Where a subscriber lives, matched against a merchant's region codes (the offer suppression list,
 * the jurisdiction rules): ISO 3166 codes — `US` for a whole country, `US-MN` for one subdivision —
 * and `EU` for every member state of the European Union. The address is the country and state the
 * merchant signed into the subscriber token, else the Stripe address. A state is free text in both,
 * so full US state names are mapped to their postal codes too ("Minnesota" and "MN" both mean US-MN).
 * Zod-free and small: the server and the console's preview both read it.
 */
export interface SubscriberAddress {
  country: string | null
  state: string | null
}

const US_STATES: Readonly<Record<string, string>> = {
  ALABAMA: 'AL',
  ALASKA: 'AK',
  ARIZONA: 'AZ',
  ARKANSAS: 'AR',
  CALIFORNIA: 'CA',
  COLORADO: 'CO',
  CONNECTICUT: 'CT',
  DELAWARE: 'DE',
  'DISTRICT OF COLUMBIA': 'DC',
  FLORIDA: 'FL',
  GEORGIA: 'GA',
  HAWAII: 'HI',
  IDAHO: 'ID',
  ILLINOIS: 'IL',
  INDIANA: 'IN',
  IOWA: 'IA',
  KANSAS: 'KS',
  KENTUCKY: 'KY',
  LOUISIANA: 'LA',
  MAINE: 'ME',
  MARYLAND: 'MD',
  MASSACHUSETTS: 'MA',
  MICHIGAN: 'MI',
  MINNESOTA: 'MN',
  MISSISSIPPI: 'MS',
  MISSOURI: 'MO',
  MONTANA: 'MT',
  NEBRASKA: 'NE',
  NEVADA: 'NV',
  'NEW HAMPSHIRE': 'NH',
  'NEW JERSEY': 'NJ',
  'NEW MEXICO': 'NM',
  'NEW YORK': 'NY',
  'NORTH CAROLINA': 'NC',
  'NORTH DAKOTA': 'ND',
  OHIO: 'OH',
  OKLAHOMA: 'OK',
  OREGON: 'OR',
  PENNSYLVANIA: 'PA',
  'RHODE ISLAND': 'RI',
  'SOUTH CAROLINA': 'SC',
  'SOUTH DAKOTA': 'SD',
  TENNESSEE: 'TN',
  TEXAS: 'TX',
  UTAH: 'UT',
  VERMONT: 'VT',
  VIRGINIA: 'VA',
  WASHINGTON: 'WA',
  'WEST VIRGINIA': 'WV',
  WISCONSIN: 'WI',
  WYOMING: 'WY',
}

function normaliseSubdivision(country: string, state: string): string {
  const upper = state.trim().toUpperCase().replace(/\s+/g, ' ')
  if (country === 'US') return US_STATES[upper] ?? upper
  return upper
}

/** The 27 member states of the European Union (ISO 3166-1 alpha-2; Greece is GR). */
export const EU_MEMBER_STATES: readonly string[] = [
  'AT',
  'BE',
  'BG',
  'HR',
  'CY',
  'CZ',
  'DK',
  'EE',
  'FI',
  'FR',
  'DE',
  'GR',
  'HU',
  'IE',
  'IT',
  'LV',
  'LT',
  'LU',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SK',
  'SI',
  'ES',
  'SE',
]

/** The address as a region code: `US-MN`, `DE`; null without a country. */
export function regionOf(address: SubscriberAddress | null): string | null {
  const country = address?.country?.trim().toUpperCase()
  if (!country) return null
  const subdivision = address?.state ? normaliseSubdivision(country, address.state) : null
  return subdivision ? `${country}-${subdivision}` : country
}

/**
 * How closely an entry names the address: 3 for its subdivision (`US-MN`), 2 for its country (`US`),
 * 1 for a group it belongs to (`EU`), 0 when it does not name it. The most specific rule wins.
 */
export function regionMatch(entry: string, address: SubscriberAddress | null): 0 | 1 | 2 | 3 {
  const region = regionOf(address)
  if (!region) return 0
  const [country, subdivision] = region.split('-', 2) as [string, string | undefined]
  const [entryCountry, entrySubdivision] = entry.toUpperCase().split('-', 2)
  if (entryCountry === 'EU' && entrySubdivision === undefined)
    return EU_MEMBER_STATES.includes(country) ? 1 : 0
  if (entryCountry !== country) return 0
  if (entrySubdivision === undefined) return 2
  return entrySubdivision === subdivision ? 3 : 0
}

/** True when the address falls under one of the entries (`US`, `US-MN` or `EU` style). */
export function matchesJurisdiction(entries: readonly string[], address: SubscriberAddress | null): boolean {
  return entries.some((entry) => regionMatch(entry, address) > 0)
}

/**
 * The jurisdiction offers are judged by: the merchant's signed claim comes first (it knows where its
 * subscriber lives even when Stripe has no address), then the Stripe address; null when neither names
 * a country.
 */
export function subscriberJurisdiction(
  claimed: { country: string; state: string | null } | null,
  stripeAddress: SubscriberAddress | null,
): SubscriberAddress | null {
  if (claimed) return { country: claimed.country, state: claimed.state }
  return stripeAddress?.country ? stripeAddress : null
}
