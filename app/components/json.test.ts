/**
 * json.ts against a real HTTP server on localhost: each kind of answer a screen meets, read the way the screens read it.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { callJson, errorText, failedAnswer, fetchJson, NETWORK_ERROR, RequestError, SESSION_GONE } from './json'

type Seen = { method: string; url: string; headers: IncomingMessage['headers']; body: Buffer }
let server: Server
let base = ''
let seen: Seen[] = []

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const body = Buffer.concat(chunks)
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body })
      const json = (status: number, value: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' })
        res.end(JSON.stringify(value))
      }
      switch (req.url) {
        case '/ok':
          return json(200, { items: [1, 2], name: 'Zoë' })
        case '/echo':
          return json(200, { got: JSON.parse(body.toString('utf8')) })
        case '/message':
          return json(400, { message: 'Name must be at most 100 characters' })
        case '/error':
          return json(404, { error: 'Project not found' })
        case '/plain':
          res.writeHead(500, { 'content-type': 'text/plain' })
          return res.end('Internal Server Error')
        case '/login-page':
          res.writeHead(200, { 'content-type': 'text/html' })
          return res.end('<!DOCTYPE html><html><body><form action="/login">Sign in</form></body></html>')
        case '/empty':
          res.writeHead(204)
          return res.end()
        case '/upload':
          return json(200, { bytes: body.length })
        default:
          return json(404, { message: 'no such test route' })
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()))
})

const lastSeen = () => seen[seen.length - 1]

describe('callJson / fetchJson against a real server', () => {
  it('reads an OK JSON answer, asking for JSON with a GET', async () => {
    seen = []
    const a = await callJson<{ items: number[]; name: string }>(`${base}/ok`)
    expect(a).toEqual({ ok: true, status: 200, data: { items: [1, 2], name: 'Zoë' }, detail: '', text: '{"items":[1,2],"name":"Zoë"}' })
    expect(await fetchJson(`${base}/ok`)).toEqual({ items: [1, 2], name: 'Zoë' })
    expect(lastSeen().method).toBe('GET')
    expect(lastSeen().headers.accept).toBe('application/json')
    expect(lastSeen().headers['content-type']).toBeUndefined()
  })

  it('sends a body as JSON with a POST unless told another method', async () => {
    seen = []
    expect(await fetchJson(`${base}/echo`, { body: { a: 1, b: ['x'] } })).toEqual({ got: { a: 1, b: ['x'] } })
    expect(lastSeen().method).toBe('POST')
    expect(lastSeen().headers['content-type']).toBe('application/json')
    expect(lastSeen().body.toString('utf8')).toBe('{"a":1,"b":["x"]}')
    await fetchJson(`${base}/echo`, { method: 'PATCH', body: { c: true } })
    expect(lastSeen().method).toBe('PATCH')
  })

  it("a 4xx with {message} shows the server's message", async () => {
    const a = await callJson(`${base}/message`)
    expect(a.ok).toBe(false)
    expect(a.status).toBe(400)
    expect(a.detail).toBe('Name must be at most 100 characters')
    expect(a.data).toEqual({ message: 'Name must be at most 100 characters' })
    const err = await fetchJson(`${base}/message`).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(RequestError)
    expect((err as RequestError).status).toBe(400)
    expect((err as RequestError).message).toBe('Request failed: 400 {"message":"Name must be at most 100 characters"}')
    expect(errorText(err, 'Save failed')).toBe('Name must be at most 100 characters')
  })

  it("a 4xx with {error} shows the server's error", async () => {
    const err = await fetchJson(`${base}/error`).catch((e: unknown) => e)
    expect((err as RequestError).status).toBe(404)
    expect((err as RequestError).message).toBe('Request failed: 404 {"error":"Project not found"}')
    expect(errorText(err, 'Load failed')).toBe('Project not found')
  })

  it('a plain-text 500 shows its text', async () => {
    const a = await callJson(`${base}/plain`)
    expect(a).toEqual({ ok: false, status: 500, data: {}, detail: 'Internal Server Error', text: 'Internal Server Error' })
    const err = await fetchJson(`${base}/plain`).catch((e: unknown) => e)
    expect((err as RequestError).message).toBe('Request failed: 500 Internal Server Error')
    expect(errorText(err, 'Load failed')).toBe('Internal Server Error')
  })

  it('an HTML page where JSON was expected means the session is gone', async () => {
    const a = await callJson(`${base}/login-page`)
    expect(a.ok).toBe(false)
    expect(a.status).toBe(401)
    expect(a.detail).toBe('Authentication failed - please refresh the page')
    const err = await fetchJson(`${base}/login-page`).catch((e: unknown) => e)
    expect(errorText(err, 'Load failed')).toBe(SESSION_GONE)
  })

  it('an empty 204 answers an empty object', async () => {
    expect(await callJson(`${base}/empty`, { method: 'DELETE' })).toEqual({ ok: true, status: 204, data: {}, detail: '', text: '' })
    expect(lastSeen().method).toBe('DELETE')
  })

  it('a refused connection is a network error, for both calls', async () => {
    // A port that was just free: bind, read its number, close, then call it.
    const spare = createServer()
    await new Promise<void>((resolve) => spare.listen(0, '127.0.0.1', resolve))
    const port = (spare.address() as AddressInfo).port
    await new Promise<void>((resolve) => spare.close(() => resolve()))
    const err = await callJson(`http://127.0.0.1:${port}/ok`).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(RequestError)
    expect((err as RequestError).message).toBe('Network error: Unable to connect to server')
    expect((err as RequestError).status).toBe(0)
    expect(errorText(err, 'Load failed')).toBe(NETWORK_ERROR)
    const err2 = await fetchJson(`http://127.0.0.1:${port}/ok`).catch((e: unknown) => e)
    expect(errorText(err2, 'Load failed')).toBe('Network error: Unable to connect to server')
    // Screens that branch on `ok` read the lost connection as a failed answer.
    expect(await callJson(`http://127.0.0.1:${port}/ok`).catch(failedAnswer)).toEqual({ ok: false, status: 0, data: {}, detail: 'Network error: Unable to connect to server', text: '' })
  })

  it('sends a Blob as it is, without a JSON content type', async () => {
    seen = []
    const bytes = 'line one\nline two\n'
    expect(await fetchJson(`${base}/upload`, { body: new Blob([bytes]) })).toEqual({ bytes: 18 })
    expect(lastSeen().method).toBe('POST')
    expect(lastSeen().headers['content-type']).toBeUndefined()
    expect(lastSeen().body.toString('utf8')).toBe('line one\nline two\n')
  })

  it('an aborted call still throws the abort, even through failedAnswer', async () => {
    const controller = new AbortController()
    controller.abort()
    const err = await callJson(`${base}/ok`, { signal: controller.signal }).catch(failedAnswer).catch((e: unknown) => e)
    expect((err as Error).name).toBe('AbortError')
  })

  it('errorText falls back for errors that carry no message', () => {
    expect(errorText(new RequestError(500, 'Request failed: 500 ', ''), 'Save failed')).toBe('Save failed')
    expect(errorText(new Error(''), 'Save failed')).toBe('Save failed')
    expect(errorText('a string', 'Save failed')).toBe('Save failed')
    expect(errorText(new Error('boom'), 'Save failed')).toBe('boom')
  })
})
