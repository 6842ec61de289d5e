/**
 * Benchmark of agent-analytics ingest: writes a realistic combined-format log (LOGS_BENCH_MB, default
 * 1024 MB: about 4 million lines, 3 % AI agents, the rest people and other bots) into a temp dir, then counts it the
 * way the worker does, in a child process of its own: 4 MiB chunks cut at line ends, each a copy (as it comes from
 * its database row) through countChunk, the activity's own function (two halves, the second in a helper thread; each
 * decoded, then the Aggregator: people and other bots counted in place, AI agents, referrals and odd lines parsed
 * whole). Reports MB/s (wall, and per CPU-second of both threads), the child's peak memory
 * (max RSS), the time of `wc -l` on the same file and the ratio, and the machine's load average and `uptime` (the
 * figures of a shared machine vary with it).
 * The database writes of a chunk are its aggregates (a few hundred rows), not timed here.
 *
 * Run: npm run bench:logs   (prints JSON; targets >= 100 MB/s, <= 600 MB)
 */
import { execFileSync, spawnSync } from 'node:child_process'
import { closeSync, mkdtempSync, openSync, readSync, rmSync, statSync, writeSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { mulberry32 } from '../../app/domain/random'

export const LOGS_TARGET_MBPS = 100
export const LOGS_TARGET_MB = 600
const CHUNK = 4 * 1024 ** 2

const AI = [
  ['20.171.206.7', 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.1; +https://openai.com/gptbot)'],
  ['52.230.152.9', 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; OAI-SearchBot/1.0; +https://openai.com/searchbot'],
  ['23.98.142.180', 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot'],
  ['198.51.100.30', 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)'],
  ['198.51.100.31', 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; PerplexityBot/1.0; +https://perplexity.ai/perplexitybot)'],
  ['198.51.100.32', 'Mozilla/5.0 (compatible; Bytespider; spider-feedback@bytedance.com)'],
] as const
const PEOPLE = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  'Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0',
  'Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)',
]
const REFS = ['-', '-', '-', 'https://www.google.com/', 'https://chatgpt.com/', 'https://duckduckgo.com/']
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

const rng = mulberry32

export function writeLog(file: string, bytes: number): { lines: number; aiLines: number } {
  const fd = openSync(file, 'w')
  const r = rng(31)
  const paths = Array.from({ length: 2000 }, (_, i) => `/${['blog', 'products', 'guides', 'docs'][i % 4]}/item-${i}`)
  let written = 0
  let lines = 0
  let aiLines = 0
  const start = Date.UTC(2026, 9, 1)
  while (written < bytes) {
    const parts: string[] = []
    for (let i = 0; i < 20_000; i++) {
      const t = new Date(start + Math.floor((lines + i) * 0.65) * 1000)
      const stamp = `${String(t.getUTCDate()).padStart(2, '0')}/${MONTHS[t.getUTCMonth()]}/${t.getUTCFullYear()}:${t.toISOString().slice(11, 19)} +0000`
      const ai = r() < 0.03
      const [ip, ua] = ai ? AI[Math.floor(r() * AI.length)] : [`203.0.${Math.floor(r() * 255)}.${Math.floor(r() * 255)}`, PEOPLE[Math.floor(r() * PEOPLE.length)]]
      if (ai) aiLines++
      const status = r() < 0.92 ? 200 : r() < 0.5 ? 404 : ai ? 403 : 301
      const p = paths[Math.floor(r() * paths.length)] + (r() < 0.1 ? '?utm_source=newsletter' : '')
      parts.push(`${ip} - - [${stamp}] "GET ${p} HTTP/1.1" ${status} ${Math.floor(r() * 50_000)} "${ai ? '-' : REFS[Math.floor(r() * REFS.length)]}" "${ua}"\n`)
    }
    const buf = Buffer.from(parts.join(''))
    writeSync(fd, buf)
    written += buf.length
    lines += parts.length
  }
  closeSync(fd)
  return { lines, aiLines }
}

/** The child: counts the file chunk by chunk as the worker's activity does, and prints its figures. */
async function countFile(file: string) {
  const { countChunk } = await import('../../activities/crawlers')
  const fd = openSync(file, 'r')
  const buf = Buffer.alloc(CHUNK)
  let carry = Buffer.alloc(0)
  let lines = 0
  let firstLine = 1
  let aiHits = 0
  const started = process.hrtime.bigint()
  const cpu0 = process.cpuUsage()
  for (;;) {
    const n = readSync(fd, buf, 0, CHUNK, null)
    const data = carry.length ? Buffer.concat([carry, buf.subarray(0, n)]) : buf.subarray(0, n)
    const end = n === 0 ? data.length : data.lastIndexOf(10) + 1
    // A copy, as the chunk comes from its own database row in the worker.
    const chunk = Buffer.from(data.subarray(0, end))
    carry = Buffer.from(data.subarray(end))
    if (chunk.length) {
      const a = await countChunk(chunk, { format: 'combined' }, firstLine)
      lines += a.lines
      firstLine += a.lines + a.badLines
      aiHits += a.hits.filter((h) => h.bot !== 'other').reduce((x, h) => x + h.hits, 0)
    }
    if (n === 0) break
  }
  closeSync(fd)
  const seconds = Number(process.hrtime.bigint() - started) / 1e9
  const cpu = process.cpuUsage(cpu0)
  console.log(JSON.stringify({ seconds, cpuSeconds: (cpu.user + cpu.system) / 1e6, lines, aiHits, maxRssMb: Math.round(process.resourceUsage().maxRSS / 1024) }))
  // The helper thread's module loader would keep a piped child alive: the figures are out, so end.
  process.exit(0)
}

export async function benchLogs() {
  const mb = Number(process.env.LOGS_BENCH_MB ?? 1024)
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-logs-'))
  const file = path.join(dir, 'access.log')
  try {
    const gen = writeLog(file, mb * 1024 ** 2)
    const size = statSync(file).size
    const load = loadavg().map((l) => Math.round(l * 100) / 100)
    const wcStart = process.hrtime.bigint()
    const wc = Number(execFileSync('wc', ['-l', file]).toString().trim().split(/\s+/)[0])
    const wcSeconds = Number(process.hrtime.bigint() - wcStart) / 1e9
    const child = spawnSync(process.execPath, [...process.execArgv, new URL(import.meta.url).pathname, '--count', file], { encoding: 'utf8', maxBuffer: 1e6 })
    if (child.status !== 0) throw new Error(`the counting process failed: ${child.stderr}`)
    const out = JSON.parse(child.stdout.trim().split('\n').pop()!) as { seconds: number; cpuSeconds: number; lines: number; aiHits: number; maxRssMb: number }
    const mbps = size / 1024 ** 2 / out.seconds
    return {
      fileMb: Math.round(size / 1024 ** 2), lines: gen.lines, wcLines: wc, countedLines: out.lines, aiLines: gen.aiLines, aiHitsCounted: out.aiHits,
      seconds: Math.round(out.seconds * 100) / 100, mbPerSecond: Math.round(mbps), targetMbPerSecond: LOGS_TARGET_MBPS,
      // On a loaded machine the wall clock mostly measures waiting for a core: MB per second of the process's own CPU time.
      cpuSeconds: Math.round(out.cpuSeconds * 100) / 100, mbPerCpuSecond: Math.round(size / 1024 ** 2 / out.cpuSeconds),
      peakMemoryMb: out.maxRssMb, targetMemoryMb: LOGS_TARGET_MB,
      wcSeconds: Math.round(wcSeconds * 100) / 100, ratioToWc: Math.round((out.seconds / wcSeconds) * 10) / 10,
      loadAverage: load, loadAverageAfter: loadavg().map((l) => Math.round(l * 100) / 100), uptime: execFileSync('uptime').toString().trim(),
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href && process.argv[2] === '--count') void countFile(process.argv[3])

/**
 * The tab's reads over a year of aggregates (<= 100 ms median): embedded PostgreSQL, one project with
 * 365 days × 15 agents × 60 paths × 1–2 status codes of crawler_hits and a referral per day and page, then the
 * overview and the page join (what GET /api/crawlers/{id} runs) timed 15 times for 30 and for 365 days.
 */
export async function benchLogPages() {
  const { startEmbeddedPostgres, freePort } = await import('../stack')
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-log-pages-'))
  const pg = await startEmbeddedPostgres({ dataDir: path.join(dir, 'pg'), port: await freePort(), persistent: false })
  try {
    Object.assign(process.env, { DATABASE_URL: pg.url, SESSION_SECRET: 'bench-log-pages-secret-0123456789abcdef', DEMO_MODE: 'true', NODE_ENV: 'production', TEMPORAL_ADDRESS: '127.0.0.1:1' })
    const { migrate } = await import('../../db/migrate')
    const { getSql } = await import('../../db/client')
    const sql = getSql(pg.url)
    await migrate(sql)
    const [{ id: userId }] = await sql<{ id: number }[]>`insert into users (email, is_admin) values ('bench-logs@example.test', true) returning id`
    const [{ id: projectId }] = await sql<{ id: number }[]>`insert into projects (user_id, name, brand_domain, market_description) values (${userId}, 'Bench logs', 'Brooks', 'running shoes') returning id`
    const { AI_AGENTS } = await import('../../app/domain/crawlers/bots')
    const agents = AI_AGENTS.slice(0, 15)
    const start = Date.UTC(2025, 10, 1)
    const { storeAggregate } = await import('../../activities/crawlers')
    let rows = 0
    // Seeded through the ingest's own write (crawler_hits and its per-day rollup), one day per transaction.
    for (let d = 0; d < 365; d++) {
      const day = new Date(start + d * 86_400_000).toISOString().slice(0, 10)
      const lastSeen = start + d * 86_400_000 + 3_600_000
      const hits = agents.flatMap((a, ai) =>
        Array.from({ length: 60 }, (_, p) => p).flatMap((p) => {
          const base = { day, bot: a.token, botClass: a.class, verified: 'unknown' as const, path: `/page-${p}`, hits: 1 + ((d + p + ai) % 7), lastSeen }
          return (p + ai) % 5 === 0 ? [{ ...base, status: 200 }, { ...base, status: 403 }] : [{ ...base, status: 200 }]
        }),
      )
      const referrals = Array.from({ length: 60 }, (_, p) => ({ day, assistant: 'ChatGPT', path: `/page-${p}`, visits: 1 }))
      await sql.begin((tx) => storeAggregate(tx, projectId, { lines: 0, badLines: 0, badExamples: [], hits, referrals, humans: { [day]: 500 }, samples: {} }))
      rows += hits.length
    }
    await sql`analyze`
    const { getUserById } = await import('../../app/lib/auth.server')
    const { crawlerOverview, crawlerJoined } = await import('../../app/lib/crawlers.server')
    const user = (await getUserById(userId))!
    const time = async (days: number) => {
      const ms: number[] = []
      for (let i = 0; i < 15; i++) {
        const t = performance.now()
        await Promise.all([crawlerOverview(user, projectId, days), crawlerJoined(user, projectId, days)])
        ms.push(performance.now() - t)
      }
      ms.sort((a, b) => a - b)
      return { medianMs: Math.round(ms[7]), maxMs: Math.round(ms[14]) }
    }
    await time(30)
    return { aggregateRows: rows, days30: await time(30), days365: await time(365), targetMedianMs: 100, loadAverage: loadavg().map((l) => Math.round(l * 100) / 100) }
  } finally {
    await pg.stop()
    rmSync(dir, { recursive: true, force: true })
  }
}
