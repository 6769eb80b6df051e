/**
 * Jurisdiction rules for offers during cancellation: `suppress_offers_in` holds
 * ISO 3166 codes — `US` for a whole country, `US-MN` for one subdivision — matched against where the
 * subscriber lives: the country and state the merchant signed into the subscriber token, else the
 * Stripe address. A state is free text in both, so full US state names are mapped to their postal
 * codes too ("Minnesota" and "MN" both mean US-MN).
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

/** True when the address falls under one of the entries (`US` or `US-MN` style). */
export function matchesJurisdiction(entries: readonly string[], address: SubscriberAddress | null): boolean {
  const country = address?.country?.trim().toUpperCase()
  if (!country) return false
  const subdivision = address?.state ? normaliseSubdivision(country, address.state) : null
  return entries.some((entry) => {
    const [entryCountry, entrySubdivision] = entry.toUpperCase().split('-', 2)
    if (entryCountry !== country) return false
    return entrySubdivision === undefined || entrySubdivision === subdivision
  })
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
