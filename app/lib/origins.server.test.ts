import { describe, expect, it } from 'vitest'
import { allowedOrigins } from './origins.server'

describe('the same-origin allow-list (never the Host header)', () => {
  it('is APP_URL alone when it is set', () => {
    expect([...allowedOrigins({ appUrl: 'https://brand.example.com/app/', host: '0.0.0.0', port: 3000, addresses: ['192.168.1.20'] })]).toEqual(['https://brand.example.com'])
  })

  it('else the addresses the app listens on: every interface and the loopback names for 0.0.0.0', () => {
    const origins = allowedOrigins({ host: '0.0.0.0', port: 3000, addresses: ['127.0.0.1', '192.168.1.20', 'fe80::1%eth0', 'buildbox'] })
    expect([...origins].sort()).toEqual(
      ['http://127.0.0.1:3000', 'http://192.168.1.20:3000', 'http://[::1]:3000', 'http://[fe80::1]:3000', 'http://buildbox:3000', 'http://localhost:3000'].sort(),
    )
    expect(origins.has('http://evil.example:3000')).toBe(false)
  })

  it('a loopback HOST allows the loopback names only; another HOST itself', () => {
    expect([...allowedOrigins({ host: '127.0.0.1', port: 4000 })].sort()).toEqual(['http://127.0.0.1:4000', 'http://[::1]:4000', 'http://localhost:4000'])
    expect([...allowedOrigins({ host: '10.0.0.5', port: 80 })]).toEqual(['http://10.0.0.5'])
  })
})
