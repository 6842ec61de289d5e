import { promises as dns } from 'node:dns'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { lookupAddress } from './crawlers'
import { reverseDnsVerdict } from '../app/domain/crawlers/verify'
import { reverseName, startDnsResponder } from '../tests/support/dns-responder'

// Googlebot's documented example (66.249.66.1 ↔ crawl-66-249-66-1.googlebot.com); the others are documentation addresses.
let responder: Awaited<ReturnType<typeof startDnsResponder>>
let resolver: dns.Resolver

beforeAll(async () => {
  responder = await startDnsResponder({
    PTR: {
      [reverseName('66.249.66.1')]: ['crawl-66-249-66-1.googlebot.com'],
      // Spoofed: the PTR claims Google, but Google's name does not point back at this address.
      [reverseName('198.51.100.7')]: ['crawl-66-249-66-1.googlebot.com'],
      // Forward-confirmed, but not a name Google documents.
      [reverseName('203.0.113.9')]: ['googlebot.com.attacker.example'],
      [reverseName('2001:4860:4801:10::1')]: ['crawl-2001-4860-4801-10--1.googlebot.com.'],
      [reverseName('157.55.39.1')]: ['msnbot-157-55-39-1.search.msn.com'],
    },
    A: {
      'crawl-66-249-66-1.googlebot.com': ['66.249.66.1'],
      'googlebot.com.attacker.example': ['203.0.113.9'],
      'msnbot-157-55-39-1.search.msn.com': ['157.55.39.1'],
    },
    AAAA: { 'crawl-2001-4860-4801-10--1.googlebot.com': ['2001:4860:4801:10:0:0:0:1'] },
  })
  resolver = new dns.Resolver({ timeout: 2000, tries: 1 })
  resolver.setServers([responder.server])
})
afterAll(() => responder.stop())

describe('forward-confirmed reverse DNS against a local DNS server', () => {
  it('asks PTR of the reversed address', () => {
    expect(reverseName('66.249.66.1')).toBe('1.66.249.66.in-addr.arpa')
    expect(reverseName('2001:db8::1')).toBe('1.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.8.b.d.0.1.0.0.2.ip6.arpa')
  })

  it('verifies an address whose PTR name is Google\'s and points back at it', async () => {
    const found = await lookupAddress(resolver, '66.249.66.1')
    expect(found).toEqual({ names: ['crawl-66-249-66-1.googlebot.com'], confirmed: ['crawl-66-249-66-1.googlebot.com'] })
    expect(reverseDnsVerdict('Googlebot', found!.confirmed)).toBe('verified')
    // The same address claiming to be Bingbot is not Microsoft's.
    expect(reverseDnsVerdict('bingbot', found!.confirmed)).toBe('unverified')
    expect(responder.queries).toContain(`PTR ${reverseName('66.249.66.1')}`)
    expect(responder.queries).toContain('A crawl-66-249-66-1.googlebot.com')
  })

  it('refuses a spoofed PTR (the name does not resolve back), a look-alike domain, and an address with no PTR', async () => {
    const spoofed = await lookupAddress(resolver, '198.51.100.7')
    expect(spoofed).toEqual({ names: ['crawl-66-249-66-1.googlebot.com'], confirmed: [] })
    expect(reverseDnsVerdict('Googlebot', spoofed!.confirmed)).toBe('unverified')
    const lookalike = await lookupAddress(resolver, '203.0.113.9')
    expect(lookalike!.confirmed).toEqual(['googlebot.com.attacker.example'])
    expect(reverseDnsVerdict('Googlebot', lookalike!.confirmed)).toBe('unverified')
    const none = await lookupAddress(resolver, '192.0.2.44')
    expect(none).toEqual({ names: [], confirmed: [] })
    expect(reverseDnsVerdict('Googlebot', none!.confirmed)).toBe('unverified')
  })

  it('checks IPv6 by AAAA (written differently), Bingbot by search.msn.com, and a mapped IPv4 as IPv4', async () => {
    const v6 = await lookupAddress(resolver, '2001:4860:4801:10::1')
    expect(reverseDnsVerdict('Googlebot', v6!.confirmed)).toBe('verified')
    expect(reverseDnsVerdict('bingbot', (await lookupAddress(resolver, '157.55.39.1'))!.confirmed)).toBe('verified')
    expect(reverseDnsVerdict('Googlebot', (await lookupAddress(resolver, '::ffff:66.249.66.1'))!.confirmed)).toBe('verified')
    // Agents whose vendors document no reverse DNS stay unknown.
    expect(reverseDnsVerdict('ClaudeBot', ['crawl-66-249-66-1.googlebot.com'])).toBe('unknown')
  })

  it('leaves an address open when DNS does not answer (nothing listens there)', async () => {
    const { server, stop } = await startDnsResponder({})
    await stop()
    const dead = new dns.Resolver({ timeout: 200, tries: 1 })
    dead.setServers([server])
    expect(await lookupAddress(dead, '66.249.66.1')).toBeNull()
  })
})
