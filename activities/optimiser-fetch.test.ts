import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fetchPage } from './optimiser-fetch'

/** A test server on loopback: pages, redirects (also to private addresses), a big page and a JSON reply. */
let server: http.Server
let base = ''
beforeAll(async () => {
  server = http.createServer((req, res) => {
    const u = new URL(req.url ?? '/', 'http://x')
    if (u.pathname === '/page') return res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<html><body><h1>Hi</h1></body></html>')
    if (u.pathname === '/to-private') return res.writeHead(302, { location: 'http://10.0.0.7/admin' }).end()
    if (u.pathname === '/to-metadata') return res.writeHead(301, { location: 'http://169.254.169.254/latest/meta-data/' }).end()
    if (u.pathname === '/to-page') return res.writeHead(302, { location: '/page' }).end()
    const hop = /^\/loop\/(\d+)$/.exec(u.pathname)
    if (hop) return res.writeHead(302, { location: `/loop/${Number(hop[1]) + 1}` }).end()
    if (u.pathname === '/big') {
      res.writeHead(200, { 'content-type': 'text/html' })
      return res.end('x'.repeat(64 * 1024))
    }
    if (u.pathname === '/json') return res.writeHead(200, { 'content-type': 'application/json' }).end('{}')
    res.writeHead(404).end()
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((r) => server.close(() => r())))

const loop = { allowLoopback: true }

describe('fetching a page safely', () => {
  it('fetches an HTML page and follows a redirect that stays allowed', async () => {
    const p = await fetchPage(`${base}/to-page`, loop)
    expect(p.url).toBe(`${base}/page`)
    expect(p.body).toContain('<h1>Hi</h1>')
  })

  it('refuses loopback without the test-only setting', async () => {
    await expect(fetchPage(`${base}/page`)).rejects.toThrow('This address cannot be fetched: 127.0.0.1 is a loopback address')
  })

  it('refuses a redirect to a private address', async () => {
    await expect(fetchPage(`${base}/to-private`, loop)).rejects.toThrow('This address cannot be fetched: 10.0.0.7 is a private address')
  })

  it('refuses a redirect to the link-local metadata address', async () => {
    await expect(fetchPage(`${base}/to-metadata`, loop)).rejects.toThrow('This address cannot be fetched: 169.254.169.254 is a linkLocal address')
  })

  it('stops after 5 redirects', async () => {
    await expect(fetchPage(`${base}/loop/0`, loop)).rejects.toThrow('This address cannot be fetched: more than 5 redirects')
  })

  it('caps the size', async () => {
    await expect(fetchPage(`${base}/big`, { ...loop, maxBytes: 1024 * 1024 / 32 })).rejects.toThrow(/larger than/)
  })

  it('accepts text/html and text/plain only', async () => {
    await expect(fetchPage(`${base}/json`, loop)).rejects.toThrow('This address cannot be fetched: the page is application/json, not text/html or text/plain')
  })
})
