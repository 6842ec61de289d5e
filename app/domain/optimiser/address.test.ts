import { describe, expect, it } from 'vitest'
import { checkAddress, checkUrl, loopbackAllowance, loopbackAllowedFor } from './address'

describe('SSRF: URLs and addresses the optimiser refuses', () => {
  const refused = [
    'http://127.0.0.1/',
    'http://2130706433/', // 127.0.0.1 as one number
    'http://0x7f.1/', // hex and short form
    'http://127.1/',
    'http://0177.0.0.1/', // octal
    'http://[::1]/',
    'http://[::ffff:127.0.0.1]/', // IPv4-mapped IPv6
    'http://[::ffff:a00:1]/', // ::ffff:10.0.0.1
    'http://10.0.0.1/',
    'http://172.16.5.4/',
    'http://192.168.1.1/',
    'http://169.254.169.254/latest/meta-data/', // link-local (cloud metadata)
    'http://100.64.0.1/', // carrier-grade NAT
    'http://224.0.0.1/', // multicast
    'http://240.0.0.1/', // reserved
    'http://0.0.0.0/', // unspecified
    'http://[::]/',
    'http://[fe80::1]/',
    'http://[fc00::1]/', // unique local
    'http://[ff02::1]/',
    // Every IPv6 form that embeds an IPv4 address, and IPv6 outside global unicast.
    'http://[::127.0.0.1]/', // IPv4-compatible (::/96)
    'http://[::7f00:1]/',
    'http://[::a00:1]/', // ::10.0.0.1
    'http://[::ffff:169.254.169.254]/', // mapped link-local
    'http://[64:ff9b::7f00:1]/', // NAT64 of 127.0.0.1
    'http://[64:ff9b::808:808]/', // NAT64 of a public address: still outside 2000::/3
    'http://[2002:7f00:1::1]/', // 6to4 of 127.0.0.1
    'http://[2002:a00:1::1]/', // 6to4 of 10.0.0.1
    'http://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/', // Teredo
    'http://[2001:db8::1]/', // documentation
    'http://[100::1]/', // discard
    'http://[4000::1]/', // outside 2000::/3
    'http://localhost.:3000/', // a trailing dot is the same name
    'http://localhost:3000/',
    'http://db.internal/',
    'ftp://example.com/',
    'file:///etc/passwd',
    'javascript:alert(1)',
    'http://user:pass@example.com/',
    'not a url',
  ]
  for (const url of refused) it(`refuses ${url}`, () => expect(checkUrl(url).ok).toBe(false))

  it('accepts public http(s) URLs', () => {
    expect(checkUrl('https://www.example.com/page?x=1').ok).toBe(true)
    expect(checkUrl('http://93.184.216.34/').ok).toBe(true)
    expect(checkUrl('https://[2606:2800:220:1:248:1893:25c8:1946]/').ok).toBe(true)
  })

  it('checks resolved addresses the same way', () => {
    expect(checkAddress('8.8.8.8')).toEqual({ ok: true })
    expect(checkAddress('10.1.2.3')).toEqual({ ok: false, reason: '10.1.2.3 is a private address' })
    expect(checkAddress('::ffff:192.168.0.1').ok).toBe(false)
    expect(checkAddress('127.0.0.1').ok).toBe(false)
  })

  it('lets loopback through only with the test-only setting, and never private ranges', () => {
    expect(checkUrl('http://127.0.0.1:4000/', { allowLoopback: true }).ok).toBe(true)
    expect(checkUrl('http://10.0.0.1/', { allowLoopback: true }).ok).toBe(false)
    expect(checkAddress('169.254.169.254', { allowLoopback: true }).ok).toBe(false)
  })
})

describe('the test-only loopback allowance (OPTIMISER_FETCH_ALLOW_LOOPBACK)', () => {
  it('is true, a list of ports, or nothing', () => {
    expect(loopbackAllowance('true')).toBe(true)
    expect(loopbackAllowance('45123, 45124')).toEqual([45123, 45124])
    expect(loopbackAllowance(undefined)).toBe(false)
    expect(loopbackAllowance('yes')).toBe(false)
  })
  it('with ports, lets loopback through on those ports only; private ranges never', () => {
    expect(checkUrl('http://127.0.0.1:45123/page', { allowLoopback: [45123] }).ok).toBe(true)
    expect(checkUrl('http://127.0.0.1/page', { allowLoopback: [45123] })).toEqual({ ok: false, reason: '127.0.0.1 is a loopback address' })
    expect(checkUrl('http://127.0.0.1:45124/', { allowLoopback: [45123] }).ok).toBe(false)
    expect(checkUrl('http://10.0.0.1:45123/', { allowLoopback: [45123] }).ok).toBe(false)
    expect(loopbackAllowedFor([80], new URL('http://127.0.0.1/'))).toBe(true)
    expect(loopbackAllowedFor([443], new URL('https://127.0.0.1/'))).toBe(true)
  })
})
