import { describe, expect, it } from 'vitest'
import { allowedAddressesOf, isAllowedAddress, RefusedAddressError } from './address-guard'

const INTERNAL = [
  '0.0.0.0',
  '10.1.2.3',
  '100.64.0.1',
  '127.0.0.1',
  '127.255.255.254',
  '169.254.169.254',
  '172.16.0.1',
  '172.31.255.255',
  '192.168.1.1',
  '224.0.0.1',
  '255.255.255.255',
  '::',
  '::1',
  '0:0:0:0:0:0:0:1',
  '::ffff:127.0.0.1',
  '::ffff:7f00:1',
  '0:0:0:0:0:ffff:a9fe:a9fe',
  '::ffff:10.0.0.1',
  '::127.0.0.1',
  '64:ff9b::10.0.0.1',
  '2002:7f00:1::',
  'fc00::1',
  'fd12:3456::1',
  'fe80::1',
  'fe80::1%eth0',
  'ff02::1',
  'not-an-address',
]
const PUBLIC = ['8.8.8.8', '93.184.216.34', '172.32.0.1', '203.0.113.7', '2606:4700::1111', '::ffff:8.8.8.8']

describe('webhook address guard', () => {
  it.each(INTERNAL)('refuses %s', (address) => {
    expect(isAllowedAddress(address, false)).toBe(false)
  })

  it.each(PUBLIC)('allows %s', (address) => {
    expect(isAllowedAddress(address, false)).toBe(true)
  })

  it('allows loopback only with the test allowance, and nothing else internal with it', () => {
    expect(isAllowedAddress('127.0.0.1', true)).toBe(true)
    expect(isAllowedAddress('::1', true)).toBe(true)
    expect(isAllowedAddress('::ffff:127.0.0.1', true)).toBe(true)
    for (const address of ['10.0.0.1', '169.254.169.254', '192.168.0.1', 'fd00::1', 'fe80::1'])
      expect(isAllowedAddress(address, true)).toBe(false)
  })

  it('refuses a name when any one of its addresses is internal', async () => {
    const resolve = async () => ['93.184.216.34', '10.0.0.5']
    await expect(allowedAddressesOf('mixed.example', resolve, false)).rejects.toBeInstanceOf(
      RefusedAddressError,
    )
  })

  it('refuses internal names without asking DNS, and localhost even if DNS says otherwise', async () => {
    let asked = 0
    const resolve = async () => {
      asked++
      return ['93.184.216.34']
    }
    for (const name of [
      'localhost',
      'LOCALHOST.',
      'api.localhost',
      'db.internal',
      'printer.local',
      'nas.home.arpa',
    ])
      await expect(allowedAddressesOf(name, resolve, false)).rejects.toBeInstanceOf(RefusedAddressError)
    expect(asked).toBe(0)
    expect(await allowedAddressesOf('merchant.example', resolve, false)).toEqual(['93.184.216.34'])
  })

  it('tells a name that does not resolve apart from a refused one', async () => {
    const error = await allowedAddressesOf('gone.example', async () => [], false).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(Error)
    expect(error).not.toBeInstanceOf(RefusedAddressError)
  })
})
