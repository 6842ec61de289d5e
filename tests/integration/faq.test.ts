/**
 * The FAQ chat over HTTP: signed out it answers from the FAQ and cites the entry,
 * bad input is a 400 with a message, and each client address gets 20 questions a minute (the
 * test stack's default) before a 429 with Retry-After. Rate-limit tests use their own 127.0.0.x.
 */
import { HttpClient } from '../support/http-client'

const clients: HttpClient[] = []
const client = (address?: string) => {
  const c = new HttpClient(address)
  clients.push(c)
  return c
}
afterAll(() => clients.forEach((c) => c.close()))

describe('POST /api/faq-chat', () => {
  it('answers a signed-out visitor from the FAQ and cites the entry', async () => {
    const res = await client('127.0.0.41').request('POST', '/api/faq-chat', { json: { message: 'How long does an analysis take?' } })
    expect(res.status).toBe(200)
    expect(res.body.entry).toEqual({ id: 'duration', question: 'How long does an analysis take?' })
    expect(res.body.response).toContain('Usually 2-5 minutes.')
    expect(res.body.response).toContain('(From the FAQ: “How long does an analysis take?”)')
    expect(res.headers['cache-control']).toBe('no-store')
  })

  it('says so when the FAQ does not cover the question', async () => {
    const res = await client('127.0.0.41').request('POST', '/api/faq-chat', { json: { message: 'recipe for banana bread' } })
    expect(res.status).toBe(200)
    expect(res.body.entry).toBeNull()
    expect(res.body.response).toMatch(/^I couldn’t find that in our FAQ\./)
  })

  it('answers bad input with a 400 and a message', async () => {
    const c = client('127.0.0.41')
    for (const [body, message] of [
      [{}, 'Please type a question.'],
      [{ message: '   ' }, 'Please type a question.'],
      [{ message: 42 }, 'Please type a question.'],
      [{ message: 'a\u0000b' }, 'Message must not contain control characters'],
      [{ message: 'x'.repeat(1001) }, 'Message must be at most 1000 characters'],
    ] as const) {
      const res = await c.request('POST', '/api/faq-chat', { json: body })
      expect(res.status, JSON.stringify(body).slice(0, 40)).toBe(400)
      expect(res.body.message).toBe(message)
    }
    expect((await c.request('GET', '/api/faq-chat')).status).toBe(405)
  })

  it('limits each client address to 20 questions a minute, with Retry-After', async () => {
    const c = client('127.0.0.42')
    const statuses: number[] = []
    for (let i = 0; i < 22; i++) statuses.push((await c.request('POST', '/api/faq-chat', { json: { message: `Which AI models do you analyse? (${i})` } })).status)
    expect(statuses).toEqual([...Array(20).fill(200), 429, 429])
    const refused = await c.request('POST', '/api/faq-chat', { json: { message: 'How is rank measured?' } })
    expect(refused.status).toBe(429)
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
    expect(refused.body.message).toBe('You have asked a lot of questions in a short time. Please wait a moment and try again.')
    // Another address is not affected.
    expect((await client('127.0.0.43').request('POST', '/api/faq-chat', { json: { message: 'How is rank measured?' } })).status).toBe(200)
  })
})

describe('GET /faq', () => {
  it('shows every FAQ entry with an anchor the chat links to', async () => {
    const res = await client('127.0.0.41').request('GET', '/faq')
    expect(res.status).toBe(200)
    const { FAQ_ENTRIES } = await import('../../app/domain/faq/entries')
    for (const e of FAQ_ENTRIES) expect(res.text).toContain(`id="${e.id}"`)
    expect(FAQ_ENTRIES.length).toBeGreaterThanOrEqual(20)
  })
})
