/**
 * Agent analytics for the AI Crawlers tab, the API and the MCP tools: the project's uploads with live ingest
 * progress, the figures of one range of days, the join with the latest analysis's citations, and deleting the
 * project's log data. Access: read to see, write to change.
 */
import { db } from './db.server'
import type { User } from './auth.server'
import { getProject } from './projects.server'
import { randomBytes } from 'node:crypto'
import { executePlainWorkflow, temporal } from './temporal.server'
import { badRequest } from './http.server'
import { BOT_CLASSES, agentByToken, type BotClass } from '../domain/crawlers/bots'
import { FORMAT_LABELS, type FormatSpec } from '../domain/crawlers/formats'
import { joinCitations, splitRange, statusAlerts, type JoinedView, type RobotsCheck, type StatusAlert } from '../domain/crawlers/views'
import { RANGE_LISTS } from '../domain/crawlers/verify'
import { brandList } from '../domain/analyses'
import type { BrandDef } from '../domain/metrics'
import { crawlersRobotsWorkflowId, crawlersWorkflowId, getCrawlerProgressQuery, type CrawlerProgress } from '../../workflows/shared'

export interface UploadSummary {
  id: number
  source: string
  fileName: string
  format: string
  status: string
  bytes: number
  lines: number
  badLines: number
  badExamples: { line: number; text: string; reason: string }[]
  simulated: boolean
  createdAt: string
  progress: CrawlerProgress | null
  error: string | null
}

async function liveProgress(uploadId: number): Promise<CrawlerProgress | null> {
  try {
    const client = await temporal()
    return await client.withDeadline(Date.now() + 3_000, () => client.workflow.getHandle(crawlersWorkflowId(uploadId)).query(getCrawlerProgressQuery))
  } catch {
    return null
  }
}

type UploadRow = {
  id: string; source: string; file_name: string; spec: FormatSpec; status: string; bytes: string; lines: string; bad_lines: string
  bad_examples: UploadSummary['badExamples']; simulated: boolean; created_at: Date; error: string | null
}

async function summaryOf(r: UploadRow): Promise<UploadSummary> {
  const running = r.status === 'pending' || r.status === 'running'
  return {
    id: Number(r.id), source: r.source, fileName: r.file_name, format: FORMAT_LABELS[r.spec.format], status: r.status, bytes: Number(r.bytes),
    lines: Number(r.lines), badLines: Number(r.bad_lines), badExamples: r.bad_examples, simulated: r.simulated, createdAt: r.created_at.toISOString(),
    progress: running ? await liveProgress(Number(r.id)) : null, error: r.error,
  }
}

export async function listUploads(user: User, projectId: number, limit = 20): Promise<UploadSummary[]> {
  await getProject(user, projectId, 'read')
  const rows = await db()<UploadRow[]>`select * from crawler_uploads where project_id = ${projectId} order by id desc limit ${limit}`
  return Promise.all(rows.map(summaryOf))
}

export async function getUpload(user: User, projectId: number, uploadId: number): Promise<UploadSummary> {
  await getProject(user, projectId, 'read')
  const [row] = await db()<UploadRow[]>`select * from crawler_uploads where project_id = ${projectId} and id = ${uploadId}`
  if (!row) throw new Response(JSON.stringify({ error: 'Upload not found', message: 'Upload not found' }), { status: 404, headers: { 'Content-Type': 'application/json' } })
  return summaryOf(row)
}

/** Deletes every upload, aggregate and sample of the project (the ingest key stays). */
export async function deleteLogData(user: User, projectId: number): Promise<{ deleted: true }> {
  await getProject(user, projectId, 'write')
  await db().begin(async (tx) => {
    for (const table of ['crawler_uploads', 'crawler_hits', 'crawler_bot_days', 'crawler_path_months', 'crawler_referrals', 'crawler_humans', 'crawler_samples', 'crawler_rdns'] as const)
      await tx`delete from ${tx(table)} where project_id = ${projectId}`
  })
  return { deleted: true }
}

/** Sample lines shown per agent (up to SAMPLES_KEPT are stored). */
export const SAMPLES_SHOWN = 5

export interface CrawlerOverview {
  days: number
  from: string
  to: string
  simulated: boolean
  totals: { aiHits: number; otherBotHits: number; humanHits: number; referrals: number; unverified: number }
  /** Hits per day per class (training, search, user, other). */
  daily: ({ day: string } & Record<BotClass, number>)[]
  /** samples: the agent's latest stored log lines (evidence), oldest first, as plain text. */
  bots: { bot: string; vendor: string; class: BotClass; hits: number; verified: number; unverified: number; lastSeen: string; docs: string; samples: string[] }[]
  topPaths: { path: string; hits: number; bots: number; lastSeen: string }[]
  alerts: StatusAlert[]
  referrals: { assistant: string; path: string; visits: number }[]
  rangesDates: { list: string; url: string; fetchedAt: string | null }[]
}

/** The range's last day is the newest day with data (a log upload is history), so a past month still shows. */
async function rangeOf(projectId: number, days: number) {
  const [row] = await db()<{ to: string | null }[]>`
    select greatest((select max(day) from crawler_bot_days where project_id = ${projectId}), (select max(day) from crawler_referrals where project_id = ${projectId}))::text as to`
  const to = row?.to ?? new Date().toISOString().slice(0, 10)
  const from = new Date(Date.parse(to) - (days - 1) * 86_400_000).toISOString().slice(0, 10)
  return { from, to }
}

export async function crawlerOverview(user: User, projectId: number, days: number): Promise<CrawlerOverview> {
  await getProject(user, projectId, 'read')
  const sql = db()
  const { from, to } = await rangeOf(projectId, days)
  const inRange = sql`project_id = ${projectId} and day between ${from} and ${to}`
  const [daily, bots, statuses, crawls, referrals, humans, sim, samples] = await Promise.all([
    sql<{ day: string; bot_class: BotClass; hits: string }[]>`select day::text, bot_class, sum(hits) as hits from crawler_bot_days where ${inRange} group by 1, 2 order by 1`,
    sql<{ bot: string; bot_class: BotClass; verified: string; hits: string; last_seen: Date }[]>`
      select bot, bot_class, verified, sum(hits) as hits, max(last_seen) as last_seen from crawler_bot_days where ${inRange} group by 1, 2, 3`,
    sql<{ bot: string; status: number; hits: string }[]>`select bot, status, sum(hits) as hits from crawler_bot_days where ${inRange} and bot <> 'other' group by 1, 2`,
    pathCrawls(projectId, from, to),
    sql<{ assistant: string; path: string; visits: string }[]>`
      select assistant, path, sum(visits) as visits from crawler_referrals where ${inRange} group by 1, 2 order by 3 desc, 1, 2 limit 50`,
    sql<{ hits: string | null }[]>`select sum(hits) as hits from crawler_humans where ${inRange}`,
    sql<{ simulated: boolean }[]>`select coalesce(bool_or(simulated), false) as simulated from crawler_bot_days where ${inRange}`,
    sql<{ bot: string; line: string }[]>`
      select bot, line from (select bot, line, id, row_number() over (partition by bot order by id desc) as n from crawler_samples where project_id = ${projectId}) x
      where n <= ${SAMPLES_SHOWN} order by bot, id`,
  ])
  const samplesOf = new Map<string, string[]>()
  for (const r of samples) samplesOf.set(r.bot, [...(samplesOf.get(r.bot) ?? []), r.line])
  const byDay = new Map<string, { day: string } & Record<BotClass, number>>()
  for (const r of daily) {
    const d = byDay.get(r.day) ?? { day: r.day, training: 0, search: 0, user: 0, other: 0 }
    d[r.bot_class] += Number(r.hits)
    byDay.set(r.day, d)
  }
  const botMap = new Map<string, CrawlerOverview['bots'][number]>()
  for (const r of bots) {
    if (r.bot === 'other') continue
    const agent = agentByToken(r.bot)
    const b = botMap.get(r.bot) ?? { bot: r.bot, vendor: agent?.vendor ?? '', class: r.bot_class, hits: 0, verified: 0, unverified: 0, lastSeen: '', docs: agent?.docs ?? '', samples: samplesOf.get(r.bot) ?? [] }
    const n = Number(r.hits)
    b.hits += n
    if (r.verified === 'verified') b.verified += n
    if (r.verified === 'unverified') b.unverified += n
    const seen = r.last_seen.toISOString()
    if (seen > b.lastSeen) b.lastSeen = seen
    botMap.set(r.bot, b)
  }
  const botList = [...botMap.values()].sort((a, b) => b.hits - a.hits || a.bot.localeCompare(b.bot))
  const refs = referrals.map((r) => ({ assistant: r.assistant, path: r.path, visits: Number(r.visits) }))
  return {
    days, from, to, simulated: sim[0]?.simulated ?? false,
    totals: {
      aiHits: botList.reduce((s, b) => s + b.hits, 0),
      otherBotHits: bots.filter((r) => r.bot === 'other').reduce((s, r) => s + Number(r.hits), 0),
      humanHits: Number(humans[0]?.hits ?? 0),
      referrals: refs.reduce((s, r) => s + r.visits, 0),
      unverified: botList.reduce((s, b) => s + b.unverified, 0),
    },
    daily: [...byDay.values()],
    bots: botList,
    topPaths: topPathsOf(crawls),
    alerts: statusAlerts(statuses.map((r) => ({ bot: r.bot, status: r.status, hits: Number(r.hits) }))),
    referrals: refs,
    rangesDates: Object.entries(RANGE_LISTS).map(([list, l]) => ({ list, url: l.url, fetchedAt: l.fetchedAt })),
  }
}

type PageCrawlRow = { path: string; bot: string; hits: number; blocked: number; lastSeen: string }
const pathReads = new Map<string, Promise<PageCrawlRow[]>>()

/**
 * Hits per page and AI agent in the range (refused ones apart), the one path-level read of the tab: the overview's
 * top paths and the page join share it (concurrent reads of one project and range share one query).
 */
function pathCrawls(projectId: number, from: string, to: string): Promise<PageCrawlRow[]> {
  const key = `${projectId}|${from}|${to}`
  const pending = pathReads.get(key)
  if (pending) return pending
  const sql = db()
  // Whole months from the monthly rollup, the days at the range's ends from crawler_hits.
  const { months, spans } = splitRange(from, to)
  const days = spans.length ? spans.map(([a, b]) => sql`day between ${a} and ${b}`).reduce((x, y) => sql`${x} or ${y}`) : sql`false`
  const rows = sql<{ path: string; bot: string; hits: string; blocked: string; last_seen: Date }[]>`
    select path, bot, sum(hits) as hits, sum(blocked) as blocked, max(last_seen) as last_seen from (
      select path, bot, hits, blocked, last_seen from crawler_path_months where project_id = ${projectId} and month = any(${months}::date[])
      union all
      select path, bot, hits, case when status in (403, 429) or status >= 500 then hits else 0 end, last_seen
      from crawler_hits where project_id = ${projectId} and bot <> 'other' and (${days})
    ) x group by 1, 2`.then((r) =>
    r.map((x) => ({ path: x.path, bot: x.bot, hits: Number(x.hits), blocked: Number(x.blocked), lastSeen: x.last_seen.toISOString() })),
  )
  pathReads.set(key, rows)
  const forget = () => pathReads.delete(key)
  rows.then(forget, forget)
  return rows
}

function topPathsOf(rows: PageCrawlRow[]): CrawlerOverview['topPaths'] {
  const by = new Map<string, { path: string; hits: number; bots: number; lastSeen: string }>()
  for (const r of rows) {
    const p = by.get(r.path) ?? { path: r.path, hits: 0, bots: 0, lastSeen: '' }
    p.hits += r.hits
    p.bots += 1
    if (r.lastSeen > p.lastSeen) p.lastSeen = r.lastSeen
    by.set(r.path, p)
  }
  return [...by.values()].sort((a, b) => b.hits - a.hits || a.path.localeCompare(b.path)).slice(0, 25)
}

/** The join with the project's latest completed analysis: per own page, crawled by, cited by, referrals. */
export async function crawlerJoined(user: User, projectId: number, days: number): Promise<JoinedView & { analysisId: number | null }> {
  await getProject(user, projectId, 'read')
  const sql = db()
  const { from, to } = await rangeOf(projectId, days)
  const [analysis] = await sql<{ id: number; brands: { brand: BrandDef; competitors: BrandDef[] } }[]>`
    select id, brands from analyses where project_id = ${projectId} and status = 'completed' order by created_at desc, id desc limit 1`
  const [crawls, referrals, citations] = await Promise.all([
    pathCrawls(projectId, from, to),
    sql<{ path: string; visits: string }[]>`select path, sum(visits) as visits from crawler_referrals where project_id = ${projectId} and day between ${from} and ${to} group by 1`,
    analysis
      ? sql<{ model_id: number; url: string }[]>`
          select distinct r.model_id, c->>'url' as url from api_responses r, jsonb_array_elements(r.citations || r.sources) c
          where r.analysis_id = ${analysis.id} and c->>'url' is not null`
      : Promise.resolve([]),
  ])
  const [own, ...competitors] = analysis ? brandList(analysis.brands) : [{ name: '', alternativeNames: [], domains: [] }]
  const view = joinCitations({
    crawls, citations: citations.map((c) => ({ modelId: c.model_id, url: c.url })),
    referrals: Object.fromEntries(referrals.map((r) => [r.path, Number(r.visits)])), own, competitors,
  })
  return { ...view, analysisId: analysis?.id ?? null }
}

/** The daily figures as CSV (the chart's table, exportable). */
export function dailyCsv(o: CrawlerOverview): string {
  const head = ['day', ...BOT_CLASSES].join(',')
  return [head, ...o.daily.map((d) => [d.day, ...BOT_CLASSES.map((c) => d[c])].join(','))].join('\n') + '\n'
}

/** The first characters of the project's ingest key, null when none was made. */
export async function ingestKeyPrefix(user: User, projectId: number): Promise<string | null> {
  await getProject(user, projectId, 'read')
  const [row] = await db()<{ key_prefix: string | null }[]>`select key_prefix from crawler_settings where project_id = ${projectId}`
  return row?.key_prefix ?? null
}

/** robots.txt of the project's own domain, fetched by the worker through the SSRF-safe fetcher; stored and returned. */
export async function checkRobots(user: User, projectId: number) {
  const project = await getProject(user, projectId, 'write')
  const site = (project.brandDetails.domains ?? [])[0]
  if (!site) badRequest('The project has no own domain: add one in the project settings first.')
  return executePlainWorkflow('crawlersRobotsWorkflow', {
    workflowId: crawlersRobotsWorkflowId(projectId, randomBytes(4).toString('hex')), args: [{ projectId, site }], timeout: '1 minutes',
    summary: `Agent analytics: robots.txt of ${site} (project ${projectId})`,
  })
}

/** The last robots.txt check, null before the first. */
export async function lastRobots(projectId: number): Promise<RobotsCheck | null> {
  const [row] = await db()<{ robots: RobotsCheck | null }[]>`select robots from crawler_settings where project_id = ${projectId}`
  return row?.robots ?? null
}

/** Whether the project verifies Googlebot, Bingbot and Applebot by reverse DNS (off unless switched on). */
export async function reverseDnsOn(projectId: number): Promise<boolean> {
  const [row] = await db()<{ reverse_dns: boolean }[]>`select reverse_dns from crawler_settings where project_id = ${projectId}`
  return row?.reverse_dns ?? false
}

/** Switches reverse-DNS verification on or off for the uploads counted from now on (write access). */
export async function setReverseDns(user: User, projectId: number, on: boolean): Promise<{ reverseDns: boolean }> {
  await getProject(user, projectId, 'write')
  await db()`insert into crawler_settings (project_id, reverse_dns) values (${projectId}, ${on})
    on conflict (project_id) do update set reverse_dns = excluded.reverse_dns, updated_at = now()`
  return { reverseDns: on }
}
