/**
 * Agent analytics ingest: one chunk of an upload at a time, counted in one transaction with the chunk's done
 * mark, so a retried activity or a killed worker never counts a chunk twice. The chunk's raw data is dropped
 * once it is counted.
 */
import { Context } from '@temporalio/activity'
import type postgres from 'postgres'
import { aggregateText, type ChunkAggregate } from '../app/domain/crawlers/aggregate'
import type { FormatSpec } from '../app/domain/crawlers/formats'
import { AI_AGENTS } from '../app/domain/crawlers/bots'
import { isBlockedStatus, type RobotsCheck } from '../app/domain/crawlers/views'
import { fetchPage, RefusedUrlError } from './optimiser-fetch'
import { robotsAllows } from './optimiser-extract'
import { loopbackAllowance } from '../app/domain/optimiser/address'

/** Sample lines kept per bot and project. */
export const SAMPLES_KEPT = 20
const ROWS_PER_INSERT = 1000

/** A heartbeat when inside a worker; the worker-kill test also counts a chunk from the test process, outside one. */
function beat() {
  try {
    Context.current().heartbeat()
  } catch {
    // not in an activity
  }
}

export interface ChunkRef {
  seq: number
  bytes: number
  done: boolean
}
export interface ChunkCounted {
  lines: number
  badLines: number
}

function batches<T>(rows: T[]): T[][] {
  const out: T[][] = []
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) out.push(rows.slice(i, i + ROWS_PER_INSERT))
  return out
}

/** Adds one chunk's aggregates to the project's (tx: inside the chunk's transaction). */
export async function storeAggregate(tx: postgres.TransactionSql<any>, projectId: number, a: ChunkAggregate, simulated = false) {
  for (const part of batches(a.hits)) {
    const rows = part.map((h) => ({
      project_id: projectId, day: h.day, bot: h.bot, bot_class: h.botClass, verified: h.verified, path: h.path, status: h.status,
      hits: h.hits, last_seen: new Date(h.lastSeen), simulated,
    }))
    await tx`insert into crawler_hits ${tx(rows)} on conflict (project_id, day, bot, verified, path, status)
      do update set hits = crawler_hits.hits + excluded.hits, last_seen = greatest(crawler_hits.last_seen, excluded.last_seen)`
  }
  // The same hits without the path (the tab's chart, agents and alerts read this small table).
  const byDay = new Map<string, { day: string; bot: string; bot_class: string; verified: string; status: number; hits: number; last_seen: number }>()
  for (const h of a.hits) {
    const key = `${h.day}\u0000${h.bot}\u0000${h.verified}\u0000${h.status}`
    const r = byDay.get(key)
    if (r) {
      r.hits += h.hits
      r.last_seen = Math.max(r.last_seen, h.lastSeen)
    } else byDay.set(key, { day: h.day, bot: h.bot, bot_class: h.botClass, verified: h.verified, status: h.status, hits: h.hits, last_seen: h.lastSeen })
  }
  for (const part of batches([...byDay.values()])) {
    const rows = part.map((r) => ({ ...r, project_id: projectId, last_seen: new Date(r.last_seen), simulated }))
    await tx`insert into crawler_bot_days ${tx(rows)} on conflict (project_id, day, bot, verified, status)
      do update set hits = crawler_bot_days.hits + excluded.hits, last_seen = greatest(crawler_bot_days.last_seen, excluded.last_seen)`
  }
  // And per calendar month, page and agent (the page join over long ranges reads this).
  const byMonth = new Map<string, { month: string; path: string; bot: string; hits: number; blocked: number; last_seen: number }>()
  for (const h of a.hits) {
    if (h.bot === 'other') continue
    const month = `${h.day.slice(0, 7)}-01`
    const key = `${month}\u0000${h.path}\u0000${h.bot}`
    const blocked = isBlockedStatus(h.status) ? h.hits : 0
    const r = byMonth.get(key)
    if (r) {
      r.hits += h.hits
      r.blocked += blocked
      r.last_seen = Math.max(r.last_seen, h.lastSeen)
    } else byMonth.set(key, { month, path: h.path, bot: h.bot, hits: h.hits, blocked, last_seen: h.lastSeen })
  }
  for (const part of batches([...byMonth.values()])) {
    const rows = part.map((r) => ({ ...r, project_id: projectId, last_seen: new Date(r.last_seen) }))
    await tx`insert into crawler_path_months ${tx(rows)} on conflict (project_id, month, path, bot)
      do update set hits = crawler_path_months.hits + excluded.hits, blocked = crawler_path_months.blocked + excluded.blocked,
        last_seen = greatest(crawler_path_months.last_seen, excluded.last_seen)`
  }
  for (const part of batches(a.referrals)) {
    const rows = part.map((r) => ({ project_id: projectId, day: r.day, assistant: r.assistant, path: r.path, visits: r.visits }))
    await tx`insert into crawler_referrals ${tx(rows)} on conflict (project_id, day, assistant, path)
      do update set visits = crawler_referrals.visits + excluded.visits`
  }
  const humans = Object.entries(a.humans).map(([day, hits]) => ({ project_id: projectId, day, hits }))
  if (humans.length) await tx`insert into crawler_humans ${tx(humans)} on conflict (project_id, day) do update set hits = crawler_humans.hits + excluded.hits`
  for (const [bot, lines] of Object.entries(a.samples)) {
    await tx`insert into crawler_samples ${tx(lines.map((line) => ({ project_id: projectId, bot, line })))}`
    await tx`delete from crawler_samples where project_id = ${projectId} and bot = ${bot} and id not in (
      select id from crawler_samples where project_id = ${projectId} and bot = ${bot} order by id desc limit ${SAMPLES_KEPT})`
  }
}

/** One chunk's aggregates: what the ingest activity counts, and what `npm run bench:logs` measures. */
export async function countChunk(data: Uint8Array, spec: FormatSpec, firstLine: number): Promise<ChunkAggregate> {
  return aggregateText(Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString('utf8'), spec, firstLine)
}

export function createCrawlerActivities({ sql }: { sql: postgres.Sql<any> }) {
  return {
    async crawlerChunks(uploadId: number): Promise<ChunkRef[]> {
      await sql`update crawler_uploads set status = 'running' where id = ${uploadId} and status = 'pending'`
      const rows = await sql<{ seq: number; bytes: number; done: boolean }[]>`
        select seq, bytes, done_at is not null as done from crawler_chunks where upload_id = ${uploadId} order by seq`
      return rows.map((r) => ({ seq: r.seq, bytes: r.bytes, done: r.done }))
    },

    async ingestCrawlerChunk(input: { uploadId: number; seq: number }): Promise<ChunkCounted> {
      beat()
      return sql.begin(async (tx) => {
        const [chunk] = await tx<{ first_line: string; data: Buffer | null; done: boolean; lines: number; bad_lines: number; project_id: number; spec: FormatSpec; simulated: boolean }[]>`
          select c.first_line, c.data, c.done_at is not null as done, c.lines, c.bad_lines, u.project_id, u.spec, u.simulated
          from crawler_chunks c join crawler_uploads u on u.id = c.upload_id
          where c.upload_id = ${input.uploadId} and c.seq = ${input.seq} for update of c`
        if (!chunk) return { lines: 0, badLines: 0 }
        // Counted before (a retry after the commit, or a new worker after a kill): answer what it counted.
        if (chunk.done || !chunk.data) return { lines: chunk.lines, badLines: chunk.bad_lines }
        const a = await countChunk(chunk.data, chunk.spec, Number(chunk.first_line))
        beat()
        await storeAggregate(tx, chunk.project_id, a, chunk.simulated)
        await tx`update crawler_chunks set done_at = now(), data = null, lines = ${a.lines}, bad_lines = ${a.badLines}
          where upload_id = ${input.uploadId} and seq = ${input.seq}`
        // Three examples per upload: the first ones met.
        const examples = a.badExamples
        await tx`update crawler_uploads set lines = lines + ${a.lines}, bad_lines = bad_lines + ${a.badLines},
          bad_examples = case when jsonb_array_length(bad_examples) >= 3 then bad_examples
            else (select coalesce(jsonb_agg(e), '[]'::jsonb) from (select e from jsonb_array_elements(bad_examples || ${tx.json(examples as any)}::jsonb) e limit 3) x) end
          where id = ${input.uploadId}`
        return { lines: a.lines, badLines: a.badLines }
      })
    },

    /** robots.txt of the site, through the SSRF-safe fetcher: what it says to each AI agent, stored on the project. */
    async checkCrawlerRobots(input: { projectId: number; site: string }): Promise<RobotsCheck> {
      const url = `https://${input.site}/robots.txt`
      let check: RobotsCheck
      try {
        const page = await fetchPage(url, { allowLoopback: loopbackAllowance(process.env.OPTIMISER_FETCH_ALLOW_LOOPBACK), accept: ['text/plain'], maxBytes: 512 * 1024, timeoutMs: 8000 })
        check = { url: page.url, fetchedAt: new Date().toISOString(), status: 'ok', note: null, rules: AI_AGENTS.map((a) => ({ bot: a.token, ...robotsAllows(page.body, a.token, '/') })) }
      } catch (err) {
        if (!(err instanceof RefusedUrlError)) throw err
        // No robots.txt (404) allows every agent; any other refusal is shown as it is.
        const missing = /answered 404/.test(err.message)
        check = {
          url, fetchedAt: new Date().toISOString(), status: missing ? 'missing' : 'unreadable', note: err.message,
          rules: AI_AGENTS.map((a) => ({ bot: a.token, allowed: missing, rule: missing ? 'no robots.txt' : '' })),
        }
      }
      await sql`insert into crawler_settings (project_id, robots) values (${input.projectId}, ${sql.json(check as any)})
        on conflict (project_id) do update set robots = excluded.robots, updated_at = now()`
      return check
    },

    async finishCrawlerUpload(input: { uploadId: number; status: 'completed' | 'failed'; error?: string }): Promise<void> {
      await sql`update crawler_uploads set status = ${input.status}, error = ${input.error ?? null}, finished_at = now() where id = ${input.uploadId}`
    },
  }
}
