/**
 * The simulator on its own: determinism, learning, brand rate, control API, vendor shapes,
 * shutdown and throughput. Vendor calls go through the official SDKs where it matters.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import OpenAI from 'openai'
import Anthropic from '@anthropic-ai/sdk'
import { GoogleGenAI } from '@google/genai'
import { createGateway, frameworkPrompt, LLM_PROVIDER_KEYS, simulatorConfigs, type FrameworkResult } from '../activities/gateway'
import { startSimulator, type SimulatorHandle } from './server'
import { simControl, simStats } from './testing'

let sim: SimulatorHandle
beforeAll(async () => {
  // Answer content depends on the day: pinned, so every assertion below holds whatever today is.
  sim = await startSimulator({ port: 0, seed: 'sim-test', day: '2026-03-02' })
})
afterAll(async () => {
  await sim.close()
})
beforeEach(async () => {
  await simControl(sim.url, '/__sim/reset', { forget: true })
})

const openai = () => new OpenAI({ apiKey: 'k', baseURL: `${sim.url}/openai/v1`, maxRetries: 0 })
const ask = async (input: string, model = 'gpt-5') => (await openai().responses.create({ model, input, tools: [{ type: 'web_search' }] })).output_text

async function learn(brand: string, market: string, region = 'United Kingdom', maxQueries = 20): Promise<FrameworkResult> {
  const gw = createGateway(simulatorConfigs(sim.url))
  return (await gw.askJson<FrameworkResult>('openai', frameworkPrompt({ brand, market, region, language: 'en-GB', maxCompetitors: 10, maxQueries }))).data
}

describe('determinism', () => {
  it('same provider, model, prompt, day and seed give byte-identical text on every provider', async () => {
    await simControl(sim.url, '/__sim/config', { day: '2025-03-01' })
    const gw = createGateway(simulatorConfigs(sim.url))
    for (const p of LLM_PROVIDER_KEYS) {
      const a = await gw.ask(p, { prompt: 'best electric cars for families' })
      const b = await gw.ask(p, { prompt: 'best electric cars for families' })
      expect(b.text).toBe(a.text)
    }
  })

  it('a restarted simulator with the same seed answers the same', async () => {
    await simControl(sim.url, '/__sim/config', { day: '2025-03-01' })
    const first = await ask('most reliable smartphones for battery life')
    const other = await startSimulator({ port: 0, seed: 'sim-test' })
    try {
      await simControl(other.url, '/__sim/config', { day: '2025-03-01' })
      const client = new OpenAI({ apiKey: 'k', baseURL: `${other.url}/openai/v1`, maxRetries: 0 })
      const again = (await client.responses.create({ model: 'gpt-5', input: 'most reliable smartphones for battery life', tools: [{ type: 'web_search' }] })).output_text
      expect(again).toBe(first)
    } finally {
      await other.close()
    }
  })

  it('different days, models and seeds give different answers', async () => {
    const q = 'best CRM software for small businesses'
    await simControl(sim.url, '/__sim/config', { day: '2025-03-01' })
    const base = await ask(q)
    expect(await ask(q, 'gpt-5-mini')).not.toBe(base)
    await simControl(sim.url, '/__sim/config', { day: '2025-03-02' })
    expect(await ask(q)).not.toBe(base)
    await simControl(sim.url, '/__sim/config', { day: '2025-03-01', seed: 'another' })
    expect(await ask(q)).not.toBe(base)
    await simControl(sim.url, '/__sim/config', { seed: 'sim-test' })
    expect(await ask(q)).toBe(base)
  })

  it('brand shares move from day to day and differ between models', async () => {
    const fw = await learn('Monzo', 'UK banks')
    const firstNamed = async (model: string, day: string) => {
      await simControl(sim.url, '/__sim/config', { day })
      const tally = new Map<string, number>()
      for (const q of fw.queries) {
        const text = await ask(q, model)
        const top = /1\. \*\*([^*]+)\*\*/.exec(text)?.[1] ?? /(?:First|In first place), ([A-Z][\w&' -]+?) (?:is|offers|stands|remains|delivers|scores|can|has|divides)/.exec(text)?.[1] ?? '?'
        tally.set(top, (tally.get(top) ?? 0) + 1)
      }
      return JSON.stringify([...tally.entries()].sort())
    }
    const day1 = await firstNamed('gpt-5', '2025-04-01')
    expect(await firstNamed('gpt-5', '2025-04-02')).not.toBe(day1)
    expect(await firstNamed('gpt-5-mini', '2025-04-01')).not.toBe(day1)
  })
})

describe('learning projects', () => {
  it('answers a learned query about that project, and a custom query by word overlap', async () => {
    await simControl(sim.url, '/__sim/config', { brandRate: 1 })
    const fw = await learn('Tesco Mobile', 'Mobile phone networks and SIM-only deals', 'United Kingdom')
    const names = fw.competitors.map((c) => c.name)
    const match = async (prompt: string) => (await (await fetch(`${sim.url}/__sim/match`, { method: 'POST', body: JSON.stringify({ prompt }) })).json()) as { how: string; ownBrands: string[] }
    expect(await match(fw.queries[0])).toMatchObject({ how: 'exact', ownBrands: ['Tesco Mobile'] })
    expect(await match(fw.queries[0].toUpperCase() + '?')).toMatchObject({ how: 'exact' })
    const answer = await ask(fw.queries[0])
    expect(answer).toContain('Tesco Mobile')
    expect(names.filter((n) => answer.includes(n)).length).toBeGreaterThanOrEqual(3)
    const custom = 'Which mobile phone networks have the cheapest SIM-only deals for students?'
    expect(await match(custom)).toMatchObject({ how: 'overlap', ownBrands: ['Tesco Mobile'] })
    expect(await ask(custom)).toContain('Tesco Mobile')
  })

  it('falls back to a built-in market by keyword, then to a generic answer', async () => {
    const match = async (prompt: string) => (await (await fetch(`${sim.url}/__sim/match`, { method: 'POST', body: JSON.stringify({ prompt }) })).json()) as { how: string; competitors: string[] }
    const ev = await match('Which electric car has the longest range?')
    expect(ev.how).toBe('market')
    expect(ev.competitors).toContain('Tesla')
    expect(await ask('Which electric car has the longest range?')).toMatch(/Tesla|BYD|Kia|Hyundai|Volkswagen|Polestar/)
    expect((await match('Recommend a luxury yacht charter company')).how).toBe('generic')
    expect((await ask('Recommend a luxury yacht charter company')).length).toBeGreaterThan(200)
  })

  it('persists learned projects to dataFile and reloads them', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'sim-data-'))
    const dataFile = path.join(dir, 'projects.json')
    try {
      const a = await startSimulator({ port: 0, dataFile })
      const gw = createGateway(simulatorConfigs(a.url))
      const { data } = await gw.askJson<FrameworkResult>('anthropic', frameworkPrompt({ brand: 'Brewdog Coffee', market: 'Coffee shops', region: 'UK', language: 'en-GB', maxCompetitors: 5, maxQueries: 6 }))
      await a.close()
      const saved = JSON.parse(readFileSync(dataFile, 'utf8'))
      expect(saved.projects[0].brand.name).toBe('Brewdog Coffee')
      expect(saved.projects[0].queries).toEqual(data.queries)

      const b = await startSimulator({ port: 0, dataFile })
      try {
        await simControl(b.url, '/__sim/config', { brandRate: 1 })
        const answer = await createGateway(simulatorConfigs(b.url)).ask('perplexity', { prompt: data.queries[2] })
        expect(answer.text).toContain('Brewdog Coffee')
        await simControl(b.url, '/__sim/reset', { forget: true })
        expect(JSON.parse(readFileSync(dataFile, 'utf8')).projects).toEqual([])
      } finally {
        await b.close()
      }
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})

describe('own-brand mention rate', () => {
  it('follows brandRate: never at 0, always at 1, about 60% by default', async () => {
    const fw = await learn('Pipedrive', 'CRM software', 'United States', 40)
    const gw = createGateway(simulatorConfigs(sim.url))
    const rate = async () => {
      let hits = 0
      for (const q of fw.queries) if ((await gw.ask('deepseek', { prompt: q })).text.includes('Pipedrive')) hits++
      return hits / fw.queries.length
    }
    const def = await rate()
    expect(def).toBeGreaterThan(0.4)
    expect(def).toBeLessThan(0.8)
    await simControl(sim.url, '/__sim/config', { brandRate: 0 })
    expect(await rate()).toBe(0)
    await simControl(sim.url, '/__sim/config', { brandRate: 1 })
    expect(await rate()).toBe(1)
  })
})

describe('answer content', () => {
  it('mixes lists and prose, ordinals, sentiment words, [n] markers, a Sources list and owned/competitor/earned URLs', async () => {
    const fw = await learn('Hoka', 'Running shoes')
    const gw = createGateway(simulatorConfigs(sim.url))
    const texts: string[] = []
    const urls = new Set<string>()
    for (const q of fw.queries.slice(0, 12)) {
      const a = await gw.ask('perplexity', { prompt: q })
      texts.push(a.text)
      a.sources.forEach((s) => urls.add(new URL(s.url).hostname))
    }
    const all = texts.join('\n')
    // a ranked list in one of the layouts of LIST_FORMATS (the rank-1 line)
    expect(texts.some((t) => /^(?:1\. \*\*|🥇 1\. |✅ First choice|⭐ 1\) |👉 \*\*1\. |1\uFE0F\u20E3 |#1 |No\. 1: |First up is |1\. Best for |\| 1 \| |\| [^|]+ \| .*\n\| )/mu.test(t))).toBe(true)
    expect(texts.some((t) => !/^1\. /m.test(t) && /\b(First|Second|first|second|third)\b/.test(t))).toBe(true)
    expect(all).toMatch(/\b(excellent|reliable|best|innovative)\b/)
    expect(all).toMatch(/\b(expensive|poor|complaints|limited)\b/)
    expect(texts.every((t) => /\[\d+\]/.test(t) && /\n\nSources:\n\[1\] .+ – https:\/\//.test(t))).toBe(true)
    const hosts = [...urls]
    expect(hosts.some((h) => h.endsWith('hoka.com'))).toBe(true)
    expect(hosts.some((h) => fw.competitors.some((c) => c.domains.some((d) => h.endsWith(d))))).toBe(true)
    expect(hosts.some((h) => /runnersworld|runrepeat|which|techradar|guardian|reddit|wikipedia/.test(h))).toBe(true)
  })
})

describe('vendor wire shapes', () => {
  it('OpenAI chat completions with web_search_options carries url_citation annotations', async () => {
    const res = await openai().chat.completions.create({ model: 'gpt-4o-search-preview', web_search_options: {}, messages: [{ role: 'user', content: 'best project management software for agencies' }] })
    const msg = res.choices[0].message
    expect(msg.annotations?.length).toBeGreaterThan(0)
    for (const a of msg.annotations!) expect(msg.content!.slice(a.url_citation.start_index, a.url_citation.end_index)).toContain(a.url_citation.url)
  })

  it('Anthropic forced tool call returns tool_use with schema-valid input', async () => {
    const client = new Anthropic({ apiKey: 'k', baseURL: `${sim.url}/anthropic`, maxRetries: 0 })
    const msg = await client.messages.create({
      model: 'claude-sonnet-4-20250514',
      max_tokens: 1000,
      messages: [{ role: 'user', content: 'Rate Nike' }],
      tools: [{ name: 'rating', input_schema: { type: 'object', properties: { stars: { type: 'integer', minimum: 1, maximum: 5 }, tags: { type: 'array', items: { type: 'string' }, minItems: 2, maxItems: 2 } }, required: ['stars', 'tags'] } }],
      tool_choice: { type: 'tool', name: 'rating' },
    })
    expect(msg.stop_reason).toBe('tool_use')
    const block = msg.content[0]
    expect(block.type).toBe('tool_use')
    const input = (block as Anthropic.ToolUseBlock).input as { stars: number; tags: string[] }
    expect(input.stars).toBeGreaterThanOrEqual(1)
    expect(input.stars).toBeLessThanOrEqual(5)
    expect(input.tags).toHaveLength(2)
  })

  it('Anthropic API version 2026-10-21 (the SDK\'s) refuses the removed sampling parameters with a 400, as the vendor does', async () => {
    const client = new Anthropic({ apiKey: 'k', baseURL: `${sim.url}/anthropic`, maxRetries: 0 })
    const request = { model: 'claude-sonnet-4-20250514', max_tokens: 100, messages: [{ role: 'user' as const, content: 'best running shoes' }] }
    const refused = await client.messages.create({ ...request, temperature: 0.2 } as Anthropic.MessageCreateParamsNonStreaming).catch((e: unknown) => e)
    expect(refused).toBeInstanceOf(Anthropic.BadRequestError)
    expect((refused as InstanceType<typeof Anthropic.BadRequestError>).message).toContain('temperature')
    expect((await client.messages.create(request)).content.length).toBeGreaterThan(0)
  })

  it('Gemini JSON mode honours enums, $ref, required fields and item counts', async () => {
    const ai = new GoogleGenAI({ apiKey: 'k', httpOptions: { baseUrl: `${sim.url}/gemini` } })
    const schema = {
      type: 'object',
      $defs: { idea: { type: 'object', properties: { title: { type: 'string' }, format: { type: 'string', enum: ['blog', 'video', 'guide'] } }, required: ['title', 'format'] } },
      properties: { ideas: { type: 'array', items: { $ref: '#/$defs/idea' }, minItems: 4 }, confidence: { type: 'number', minimum: 0, maximum: 1 } },
      required: ['ideas', 'confidence'],
    }
    const res = await ai.models.generateContent({ model: 'gemini-2.0-flash', contents: 'content ideas for running shoes', config: { responseMimeType: 'application/json', responseJsonSchema: schema } })
    const data = JSON.parse(res.candidates![0].content!.parts![0].text!)
    expect(data.ideas.length).toBeGreaterThanOrEqual(4)
    for (const idea of data.ideas) {
      expect(typeof idea.title).toBe('string')
      expect(['blog', 'video', 'guide']).toContain(idea.format)
    }
    expect(data.confidence).toBeGreaterThanOrEqual(0)
    expect(data.confidence).toBeLessThanOrEqual(1)
  })

  it('errors are vendor-shaped: missing key, unknown model route, streaming', async () => {
    const noKey = await fetch(`${sim.url}/anthropic/v1/messages`, { method: 'POST', body: JSON.stringify({ model: 'claude-sonnet-4-20250514', max_tokens: 10, messages: [] }) })
    expect(noKey.status).toBe(401)
    expect(await noKey.json()).toMatchObject({ type: 'error', error: { type: 'authentication_error' } })
    const unknown = await fetch(`${sim.url}/gemini/v1beta/models/x:countTokens`, { method: 'POST', body: '{}' })
    expect(unknown.status).toBe(404)
    expect(await unknown.json()).toMatchObject({ error: { code: 404, status: 'NOT_FOUND' } })
    const stream = await fetch(`${sim.url}/deepseek/chat/completions`, { method: 'POST', headers: { authorization: 'Bearer k' }, body: JSON.stringify({ model: 'deepseek-chat', stream: true, messages: [{ role: 'user', content: 'hi' }] }) })
    expect(stream.status).toBe(400)
    expect(((await stream.json()) as any).error.message).toMatch(/streaming/)
  })
})

describe('control API', () => {
  it('validates config, merges it, and replaces fault lists', async () => {
    const bad = await fetch(`${sim.url}/__sim/config`, { method: 'POST', body: JSON.stringify({ brandRate: 2, day: '03/01/2025', providers: { bing: {}, openai: { faults: [{ type: 'explode' }] } } }) })
    expect(bad.status).toBe(400)
    expect(((await bad.json()) as any).details).toHaveLength(4)
    await simControl(sim.url, '/__sim/config', { providers: { openai: { latencyMs: 5, faults: [{ type: '500' }, { type: '429', times: 2 }] } } })
    const cfg = await simControl(sim.url, '/__sim/config', { brandRate: 0.25, providers: { openai: { faults: [{ type: 'empty', times: 1 }] } } })
    expect(cfg).toMatchObject({ brandRate: 0.25, providers: { openai: { latencyMs: 5, faults: [{ type: 'empty', times: 1, remaining: 1 }] } } })
    const health = await (await fetch(`${sim.url}/health`)).json()
    expect(health).toMatchObject({ ok: true })
  })

  it('counts requests per provider and outcome', async () => {
    await simControl(sim.url, '/__sim/config', { providers: { gemini: { faults: [{ type: '429', times: 1 }, { type: '500', times: 1 }] } } })
    const gw = createGateway(simulatorConfigs(sim.url))
    for (let i = 0; i < 4; i++) await gw.ask('gemini', { prompt: 'best coffee shops for working remotely' }).catch(() => undefined)
    const stats = await simStats(sim.url)
    expect(stats.providers.gemini).toMatchObject({ requests: 4, inFlight: 0, outcomes: { '429': 1, '500': 1, ok: 2 } })
    expect(stats.requests).toBe(4)
    await simControl(sim.url, '/__sim/reset')
    expect((await simStats(sim.url)).requests).toBe(0)
  })

  it('close() does not wait for requests held by a timeout fault', async () => {
    const other = await startSimulator({ port: 0 })
    await simControl(other.url, '/__sim/config', { providers: { openai: { faults: [{ type: 'timeout' }] } } })
    const client = new OpenAI({ apiKey: 'k', baseURL: `${other.url}/openai/v1`, maxRetries: 0, timeout: 600_000 })
    const held = client.responses.create({ model: 'gpt-5', input: 'hello' }).then(
      () => 'answered',
      () => 'failed',
    )
    await vi.waitFor(async () => expect((await simStats(other.url)).providers.openai.inFlight).toBe(1))
    // The client waits up to 600 s: close() returning within the test's timeout shows it did not wait.
    await other.close()
    expect(await held).toBe('failed')
  })
})

describe('throughput', () => {
  // How fast is measured by the benchmarks (timings never decide a test); this checks that 24
  // concurrent clients get every one of 600 answers.
  it('answers 600 requests from 24 concurrent clients', async () => {
    await learn('Asana', 'Project management software', 'United Kingdom', 20)
    const total = 600
    let next = 0
    let answered = 0
    const worker = async () => {
      while (next < total) {
        const i = next++
        const res = await fetch(`${sim.url}/openai/v1/responses`, {
          method: 'POST',
          headers: { authorization: 'Bearer k', 'content-type': 'application/json' },
          body: JSON.stringify({ model: 'gpt-5', input: `best project management software for remote teams ${i % 50}`, tools: [{ type: 'web_search' }] }),
        })
        expect(res.status).toBe(200)
        expect((await res.json()).output.length).toBeGreaterThan(0)
        answered++
      }
    }
    await Promise.all(Array.from({ length: 24 }, worker))
    expect(answered).toBe(total)
  })
})
