import { describe, expect, it } from 'vitest'
import { matchesJurisdiction, regionMatch, regionOf } from './regions'

describe('offer suppression by jurisdiction', () => {
  const mn = { country: 'US', state: 'MN' }
  it("'US' matches any US state", () => {
    expect(matchesJurisdiction(['US'], mn)).toBe(true)
    expect(matchesJurisdiction(['US'], { country: 'US', state: null })).toBe(true)
  })
  it("'US-MN' matches country US with state MN only", () => {
    expect(matchesJurisdiction(['US-MN'], mn)).toBe(true)
    expect(matchesJurisdiction(['US-MN'], { country: 'US', state: 'CA' })).toBe(false)
    expect(matchesJurisdiction(['US-MN'], { country: 'CA', state: 'MN' })).toBe(false)
    expect(matchesJurisdiction(['US-MN'], { country: 'US', state: null })).toBe(false)
  })
  it('reads full US state names and any case', () => {
    expect(matchesJurisdiction(['US-MN'], { country: 'us', state: 'Minnesota' })).toBe(true)
    expect(matchesJurisdiction(['US-NY'], { country: 'US', state: ' new  york ' })).toBe(true)
  })
  it('matches other countries and their subdivisions', () => {
    expect(matchesJurisdiction(['DE'], { country: 'DE', state: 'BY' })).toBe(true)
    expect(matchesJurisdiction(['CA-QC'], { country: 'CA', state: 'QC' })).toBe(true)
  })
  it('never matches without an address or a list', () => {
    expect(matchesJurisdiction(['US'], null)).toBe(false)
    expect(matchesJurisdiction(['US'], { country: null, state: 'MN' })).toBe(false)
    expect(matchesJurisdiction([], mn)).toBe(false)
  })
})

describe('region groups and specificity', () => {
  it("'EU' names every member state, and nothing else", () => {
    expect(matchesJurisdiction(['EU'], { country: 'FR', state: null })).toBe(true)
    expect(matchesJurisdiction(['EU'], { country: 'GR', state: null })).toBe(true)
    expect(matchesJurisdiction(['EU'], { country: 'GB', state: null })).toBe(false)
    expect(matchesJurisdiction(['EU'], { country: 'CH', state: null })).toBe(false)
  })
  it('ranks a subdivision over its country over a group', () => {
    const berlin = { country: 'DE', state: 'BE' }
    expect([regionMatch('DE-BE', berlin), regionMatch('DE', berlin), regionMatch('EU', berlin)]).toEqual([
      3, 2, 1,
    ])
    expect(regionOf({ country: 'us', state: 'Minnesota' })).toBe('US-MN')
  })
})
