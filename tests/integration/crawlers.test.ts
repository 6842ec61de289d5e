/**
 * Agent analytics end to end: an upload through the app, one through /api/v1 with a run key, pushed batches with
 * an ingest key (a retried batch counted once), and a worker killed mid-file (a chunk already counted is not
 * counted again), and reverse-DNS verification against a local DNS server. Every figure below is worked out by hand from the lines written here.
 */
import { promises as dns } from 'node:dns'
import { gzipSync } from 'node:zlib'
import { controlWorker } from '../support/env'
import { createProject, signUp, sql, until, type Session } from '../support/flows'
import { connectMcp, createKey, KeyClient } from '../support/api-keys'
import { createCrawlerActivities } from '../../activities/crawlers'
import { reverseName, startDnsResponder } from '../support/dns-responder'
import { AHREFS, CHROME, CLAUDEBOT, GPTBOT, logLine } from '../support/log-lines'

const line = logLine

// 11 lines: 9 readable, 2 not. 20.171.206.0/24 is in OpenAI's published GPTBot list.
const LOG = [
  line('20.171.206.7', '06:00:00', '/pricing', 200, '-', GPTBOT),
  line('20.171.206.7', '06:10:00', '/pricing', 200, '-', GPTBOT),
  line('20.171.206.8', '06:20:00', '/pricing', 200, '-', GPTBOT),
  line('20.171.206.8', '06:30:00', '/pricing', 403, '-', GPTBOT),
  line('20.171.206.8', '06:40:00', '/pricing', 403, '-', GPTBOT),
  line('198.51.100.20', '07:00:00', '/guide', 200, '-', CLAUDEBOT),
  line('198.51.100.21', '07:00:00', '/', 200, '-', AHREFS),
  line('203.0.113.5', '09:00:00', '/guide', 200, 'https://chatgpt.com/', CHROME),
  line('203.0.113.6', '09:05:00', '/', 200, '-', CHROME),
  'this is not a log line',
  '203.0.113.6 - - [bad time] "GET / HTTP/1.1" 200',
].join('\n')

async function waitUploads(s: Session, projectId: number) {
  let data: any
  await until('every upload counted', async () => {
    data = (await s.json(`/api/crawlers/${projectId}?days=30`)).body
    return data.uploads.length > 0 && data.uploads.every((u: any) => u.status === 'completed' || u.status === 'failed')
  }, 90_000, 250)
  return data
}

describe('upload in the app', () => {
  it('reads the file, counts by hand-worked figures and names the unread lines', async () => {
    const s = await signUp()
    const project = await createProject(s)
    const up = await s.request(`/api/crawlers/${project.id}/upload?fileName=access.log`, { method: 'POST', body: LOG })
    expect(up.status).toBe(202)
    expect((await up.json()).format).toBe('nginx/Apache combined')
    const data = await waitUploads(s, project.id)
    const u = data.uploads[0]
    expect(u).toMatchObject({ status: 'completed', lines: 9, badLines: 2, fileName: 'access.log' })
    expect(u.badExamples.map((b: any) => b.line)).toEqual([10, 11])
    // AI hits: 5 GPTBot + 1 ClaudeBot = 6; other bots: AhrefsBot 1; people: 2; referrals: 1 (chatgpt.com → /guide).
    expect(data.overview.totals).toEqual({ aiHits: 6, otherBotHits: 1, humanHits: 2, referrals: 1, unverified: 0 })
    expect(data.overview.daily).toEqual([{ day: '2026-11-03', training: 6, search: 0, user: 0, other: 1 }])
    const gpt = data.overview.bots.find((b: any) => b.bot === 'GPTBot')
    // All five GPTBot hits come from 20.171.206.x: verified. ClaudeBot: Anthropic publishes no list here, so neither.
    expect(gpt).toMatchObject({ hits: 5, verified: 5, unverified: 0, vendor: 'OpenAI', class: 'training' })
    // GPTBot: 2 of 5 refused with 403 = 40 % >= 20 %: an alert.
    expect(data.overview.alerts).toEqual([{ bot: 'GPTBot', vendor: 'OpenAI', hits: 5, blocked: 2, percent: 40, statuses: { '403': 2 } }])
    expect(data.overview.referrals).toEqual([{ assistant: 'ChatGPT', path: '/guide', visits: 1 }])

    const csv = await s.request(`/api/crawlers/${project.id}?days=30&export=csv`)
    expect(await csv.text()).toBe('day,training,search,user,other\n2026-11-03,6,0,0,1\n')

    // A CSV needs its mapping confirmed: a 400 proposes one.
    const unconfirmed = await s.json(`/api/crawlers/${project.id}/upload?format=csv`, { method: 'POST', body: 'time,ip,path,status,user_agent\n2026-11-03T06:00:00Z,1.2.3.4,/,200,x\n' })
    expect(unconfirmed.status).toBe(400)
    expect(unconfirmed.body.message).toMatch(/^Confirm the CSV's columns: the header is time, ip, path, status, user_agent/)

    const del = await s.json(`/api/crawlers/${project.id}`, { method: 'POST', json: { intent: 'delete' } })
    expect(del.status).toBe(200)
    const after = (await s.json(`/api/crawlers/${project.id}?days=30`)).body
    expect(after.uploads).toEqual([])
    expect(after.overview.totals.aiHits).toBe(0)
  }, 120_000)
})

describe('the public API', () => {
  it('uploads with a run key and reads the figures; a read key may not upload', async () => {
    const s = await signUp()
    const project = await createProject(s)
    const run = new KeyClient((await createKey(s, 'logs', ['read', 'run'])).key)
    const read = new KeyClient((await createKey(s, 'reader', ['read'])).key)
    const refused = await read.call(`/api/v1/projects/${project.id}/logs`, { method: 'POST', json: { content: LOG } })
    expect(refused.status).toBe(403)
    expect(refused.body.error.code).toBe('insufficient_scope')
    const bad = await run.call(`/api/v1/projects/${project.id}/logs`, { method: 'POST', json: { content: LOG, format: 'apache' } })
    expect(bad.status).toBe(400)
    expect(bad.body.error.message).toContain("'apache'")
    const ok = await run.call(`/api/v1/projects/${project.id}/logs`, { method: 'POST', json: { content: LOG, fileName: 'api.log' } })
    expect(ok.status).toBe(202)
    await waitUploads(s, project.id)
    const overview = await run.call(`/api/v1/projects/${project.id}/crawlers?days=7`)
    expect(overview.status).toBe(200)
    expect(overview.body.totals).toEqual({ aiHits: 6, otherBotHits: 1, humanHits: 2, referrals: 1, unverified: 0 })
    // The evidence: each agent's stored lines, as the log wrote them (GPTBot's five, ClaudeBot's one).
    const samples = Object.fromEntries(overview.body.bots.map((b: any) => [b.bot, b.samples]))
    expect(samples).toEqual({ GPTBot: LOG.split('\n').slice(0, 5), ClaudeBot: [LOG.split('\n')[5]] })
    // The MCP tool answers the same, sample lines included.
    const mcp = await connectMcp((await createKey(s, 'mcp', ['read'])).key)
    try {
      const viaMcp = JSON.parse(((await mcp.callTool({ name: 'get_ai_crawlers', arguments: { projectId: project.id } })) as any).content[0].text)
      expect(viaMcp.bots.find((b: any) => b.bot === 'GPTBot').samples).toEqual(LOG.split('\n').slice(0, 5))
    } finally {
      await mcp.close()
    }
    const pages = await run.call(`/api/v1/projects/${project.id}/crawlers/pages`)
    expect(pages.status).toBe(200)
    // /pricing: GPTBot 5 hits; /guide: ClaudeBot 1 hit and 1 referral. No analysis yet, so nothing cited.
    expect(pages.body.pages.map((p: any) => [p.path, p.crawledBy.map((c: any) => `${c.bot}:${c.hits}`), p.referrals])).toEqual([
      ['/guide', ['ClaudeBot:1'], 1],
      ['/pricing', ['GPTBot:5'], 0],
    ])
    // The same log again, gzipped and base64-encoded: every figure doubles.
    const gz = await run.call(`/api/v1/projects/${project.id}/logs`, { method: 'POST', json: { content: gzipSync(LOG).toString('base64'), encoding: 'base64' } })
    expect(gz.status).toBe(202)
    await waitUploads(s, project.id)
    expect((await run.call(`/api/v1/projects/${project.id}/crawlers`)).body.totals).toEqual({ aiHits: 12, otherBotHits: 2, humanHits: 4, referrals: 2, unverified: 0 })
    const listed = await run.call(`/api/v1/projects/${project.id}/logs`)
    expect(listed.body.items.map((u: any) => [u.lines, u.badLines])).toEqual([[9, 2], [9, 2]])
    const days = await run.call(`/api/v1/projects/${project.id}/crawlers?days=12`)
    expect(days.status).toBe(400)
    expect(days.body.error.message).toContain('7, 30, 90, 365')
  }, 120_000)
})

describe('push', () => {
  const batch = (status: number) =>
    [
      { ClientIP: '20.171.206.9', ClientRequestHost: 'www.example.com', ClientRequestMethod: 'GET', ClientRequestURI: '/docs', EdgeResponseStatus: status, EdgeStartTimestamp: '2026-11-04T10:00:00Z', ClientRequestUserAgent: GPTBOT },
      { ClientIP: '203.0.113.9', ClientRequestHost: 'www.example.com', ClientRequestMethod: 'GET', ClientRequestURI: '/docs?utm_source=chatgpt.com', EdgeResponseStatus: 200, EdgeStartTimestamp: '2026-11-04T10:01:00Z', ClientRequestUserAgent: CHROME },
    ].map((o) => JSON.stringify(o)).join('\n')

  it('takes NDJSON with the ingest key; a retried batch is counted once', async () => {
    const s = await signUp()
    const project = await createProject(s)
    const made = await s.json(`/api/crawlers/${project.id}`, { method: 'POST', json: { intent: 'rotate-key' } })
    const key = made.body.key as string
    expect(key).toMatch(/^abvi_/)
    const push = (k: string, id: string, body: string) =>
      fetch(`${s.base}/api/crawlers/${project.id}/push`, { method: 'POST', headers: { authorization: `Bearer ${k}`, 'idempotency-key': id }, body })
    expect((await push('abvi_wrong', 'b1', batch(200))).status).toBe(401)
    const first = await push(key, 'b1', batch(200))
    expect(first.status).toBe(202)
    const again = await push(key, 'b1', batch(200))
    expect(again.status).toBe(200)
    expect((await again.json()).duplicate).toBe(true)
    expect((await push(key, 'b2', batch(429))).status).toBe(202)
    const data = await waitUploads(s, project.id)
    // b1 once + b2: GPTBot 2 hits (one 200, one 429); 2 ChatGPT referrals by utm_source.
    expect(data.overview.totals).toEqual({ aiHits: 2, otherBotHits: 0, humanHits: 2, referrals: 2, unverified: 0 })
    expect(data.uploads).toHaveLength(2)
    const big = await push(key, 'b3', 'x'.repeat(5 * 1024 * 1024 + 1))
    expect(big.status).toBe(413)
  }, 120_000)
})

describe('a worker killed mid-file', () => {
  it('resumes from the chunks not yet counted, and counts none twice', async () => {
    const s = await signUp()
    const project = await createProject(s)
    const run = new KeyClient((await createKey(s, 'logs', ['read', 'run'])).key)
    // One GPTBot line of 187 bytes (newline included) × 60,000 = 11,220,000 bytes: three chunks of at most 4 MiB (4,194,304 bytes) cut at line ends.
    const one = line('20.171.206.7', '06:00:00', '/pricing', 200, '-', GPTBOT) + '\n'
    const content = one.repeat(60_000)
    await controlWorker('kill')
    try {
      const up = await run.call(`/api/v1/projects/${project.id}/logs`, { method: 'POST', json: { content } })
      expect(up.status).toBe(202)
      const db = await sql()
      const chunks = await db<{ seq: number }[]>`select seq from crawler_chunks where upload_id = ${up.body.uploadId} order by seq`
      expect(chunks.map((c) => c.seq)).toEqual([0, 1, 2])
      // A worker that counted chunk 0 and died before Temporal heard of it: the chunk is committed as counted.
      const counted = await createCrawlerActivities({ sql: db }).ingestCrawlerChunk({ uploadId: up.body.uploadId, seq: 0 })
      expect(counted.lines).toBeGreaterThan(0)
    } finally {
      await controlWorker('start')
    }
    const data = await waitUploads(s, project.id)
    // 60,000 lines, each counted once whatever the restart.
    expect(data.uploads[0]).toMatchObject({ status: 'completed', lines: 60_000, badLines: 0 })
    expect(data.overview.totals.aiHits).toBe(60_000)
  }, 180_000)
})

describe('reverse-DNS verification', () => {
  const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'
  const BINGBOT = 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)'
  // 66.249.66.1 and 157.55.39.1 have the vendors' names both ways; 198.51.100.7 claims Google's name in its PTR only;
  // 192.0.2.44 has no PTR at all.
  const RDNS_LOG = [
    line('66.249.66.1', '06:00:00', '/docs', 200, '-', GOOGLEBOT),
    line('66.249.66.1', '06:05:00', '/docs', 200, '-', GOOGLEBOT),
    line('198.51.100.7', '06:10:00', '/docs', 200, '-', GOOGLEBOT),
    line('192.0.2.44', '06:15:00', '/pricing', 200, '-', GOOGLEBOT),
    line('157.55.39.1', '06:20:00', '/docs', 200, '-', BINGBOT),
    line('20.171.206.7', '06:25:00', '/docs', 200, '-', GPTBOT),
    line('203.0.113.6', '09:05:00', '/', 200, '-', CHROME),
  ].join('\n')

  it('is off by default; switched on, holds the claimed addresses and counts them verified or unverified once', async () => {
    const s = await signUp()
    const project = await createProject(s)
    expect((await s.json(`/api/crawlers/${project.id}?days=30`)).body.reverseDns).toBe(false)
    const missing = await s.json(`/api/crawlers/${project.id}`, { method: 'POST', json: { intent: 'reverse-dns' } })
    expect(missing.status).toBe(400)
    expect(missing.body.message).toContain("'on' is required: true or false")
    const on = await s.json(`/api/crawlers/${project.id}`, { method: 'POST', json: { intent: 'reverse-dns', on: true } })
    expect(on.body).toEqual({ reverseDns: true })

    const responder = await startDnsResponder({
      PTR: {
        [reverseName('66.249.66.1')]: ['crawl-66-249-66-1.googlebot.com'],
        [reverseName('198.51.100.7')]: ['crawl-66-249-66-1.googlebot.com'],
        [reverseName('157.55.39.1')]: ['msnbot-157-55-39-1.search.msn.com'],
      },
      A: { 'crawl-66-249-66-1.googlebot.com': ['66.249.66.1'], 'msnbot-157-55-39-1.search.msn.com': ['157.55.39.1'] },
    })
    const resolver = new dns.Resolver({ timeout: 2000, tries: 1 })
    resolver.setServers([responder.server])
    // The worker is stopped so that this process, with a resolver aimed at the local server, runs the steps.
    await controlWorker('kill')
    try {
      const up = await s.request(`/api/crawlers/${project.id}/upload?fileName=rdns.log`, { method: 'POST', body: RDNS_LOG })
      expect(up.status).toBe(202)
      const { uploadId } = await up.json()
      const db = await sql()
      const acts = createCrawlerActivities({ sql: db, resolver })
      await acts.ingestCrawlerChunk({ uploadId, seq: 0 })
      // Googlebot and Bingbot are held per address; GPTBot is checked against OpenAI's list as it is counted.
      const held = await db<{ ip: string; bot: string; hits: string }[]>`select ip, bot, sum(hits) as hits from crawler_rdns_pending where upload_id = ${uploadId} group by 1, 2 order by 1`
      expect(held.map((h) => `${h.ip} ${h.bot} ${h.hits}`)).toEqual(['157.55.39.1 bingbot 1', '192.0.2.44 Googlebot 1', '198.51.100.7 Googlebot 1', '66.249.66.1 Googlebot 2'])
      // 4 addresses looked up: 66.249.66.1 (2 hits) and 157.55.39.1 (1) verified; 198.51.100.7 and 192.0.2.44 (1 each) not.
      expect(await acts.verifyCrawlerAddresses({ uploadId })).toEqual({ addresses: 4, looked: 4, verified: 3, unverified: 2, unknown: 0 })
      // Run again (a retry): nothing is held any more, so nothing is counted twice.
      expect(await acts.verifyCrawlerAddresses({ uploadId })).toEqual({ addresses: 0, looked: 0, verified: 0, unverified: 0, unknown: 0 })
      const cached = await db<{ ip: string; confirmed: string[] }[]>`select ip, confirmed from crawler_rdns where project_id = ${project.id} order by ip`
      expect(cached.map((c) => `${c.ip}=${c.confirmed.join(',')}`)).toEqual([
        '157.55.39.1=msnbot-157-55-39-1.search.msn.com', '192.0.2.44=', '198.51.100.7=', '66.249.66.1=crawl-66-249-66-1.googlebot.com',
      ])
    } finally {
      await controlWorker('start')
      await responder.stop()
    }
    const data = await waitUploads(s, project.id)
    expect(data.uploads[0]).toMatchObject({ status: 'completed', lines: 7, badLines: 0 })
    const bots = Object.fromEntries(data.overview.bots.map((b: any) => [b.bot, [b.hits, b.verified, b.unverified]]))
    expect(bots).toEqual({ Googlebot: [4, 2, 2], bingbot: [1, 1, 0], GPTBot: [1, 1, 0] })
    expect(data.overview.totals).toEqual({ aiHits: 6, otherBotHits: 0, humanHits: 1, referrals: 0, unverified: 2 })
  }, 180_000)
})
