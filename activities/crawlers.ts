/**
 * Agent analytics ingest: one chunk of an upload at a time, counted in one transaction with the chunk's done
 * mark, so a retried activity or a killed worker never counts a chunk twice. The chunk's raw data is dropped
 * once it is counted.
 */
import { Context } from '@temporalio/activity'
import { promises as dns } from 'node:dns'
import { availableParallelism } from 'node:os'
import { Worker } from 'node:worker_threads'
import ipaddr from 'ipaddr.js'
import type postgres from 'postgres'
import { aggregateText, mergeAggregates, type AggregateOptions, type ChunkAggregate, type HitRow } from '../app/domain/crawlers/aggregate'
import { ptrName, reverseDnsVerdict, type Verification } from '../app/domain/crawlers/verify'
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

/**
 * Adds one chunk's aggregates to the project's (tx: inside the chunk's transaction). Hits kept per address for
 * reverse-DNS verification wait in crawler_rdns_pending (under uploadId) until verifyCrawlerAddresses moves them.
 */
export async function storeAggregate(tx: postgres.TransactionSql<any>, projectId: number, all: ChunkAggregate, simulated = false, uploadId?: number) {
  const held = uploadId === undefined ? [] : all.hits.filter((h) => h.ip !== undefined)
  const a = held.length ? { ...all, hits: all.hits.filter((h) => h.ip === undefined) } : all
  for (const part of batches(held)) {
    const rows = part.map((h) => ({
      upload_id: uploadId!, project_id: projectId, ip: h.ip!, day: h.day, bot: h.bot, bot_class: h.botClass, path: h.path, status: h.status,
      hits: h.hits, last_seen: new Date(h.lastSeen), simulated,
    }))
    await tx`insert into crawler_rdns_pending ${tx(rows)} on conflict (upload_id, ip, day, bot, path, status)
      do update set hits = crawler_rdns_pending.hits + excluded.hits, last_seen = greatest(crawler_rdns_pending.last_seen, excluded.last_seen)`
  }
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

/** A chunk at least this large is counted in two halves, the second in the helper thread. */
const SPLIT_BYTES = 512 * 1024

type Helper = { worker: Worker; waiting: Map<number, (a: ChunkAggregate | null) => void>; next: number }
let helper: Helper | null | false = null

/**
 * The helper thread, started on first use (it loads the TypeScript sources as the worker does, through tsx); false
 * once it failed: every chunk is then counted in the activity's own thread, with the same figures.
 */
function helperThread(): Helper | false {
  if (helper !== null) return helper
  try {
    const entry = new URL('./crawlers-thread.ts', import.meta.url).href
    const worker = new Worker(`import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then((t) => { t.register(); return import(${JSON.stringify(entry)}) })`, { eval: true })
    const h: Helper = { worker, waiting: new Map(), next: 0 }
    worker.unref()
    worker.on('message', (m: { id: number; aggregate?: ChunkAggregate; error?: string }) => {
      h.waiting.get(m.id)?.(m.aggregate ?? null)
      h.waiting.delete(m.id)
    })
    const fail = () => {
      helper = false
      for (const done of h.waiting.values()) done(null)
      h.waiting.clear()
    }
    worker.on('error', fail)
    worker.on('exit', fail)
    helper = h
  } catch {
    helper = false
  }
  return helper
}

/** Ends the helper thread (the worker's shutdown: a thread's module loader could otherwise keep the process up). */
export async function stopCrawlerThread(): Promise<void> {
  const h = helper
  helper = null
  if (h) await h.worker.terminate()
}

function inHelper(data: Uint8Array, spec: FormatSpec, firstLine: number, options: AggregateOptions): Promise<ChunkAggregate | null> {
  const h = helperThread()
  if (!h) return Promise.resolve(null)
  const id = h.next++
  // A copy of the half, handed over (not cloned again) to the thread.
  const copy = new Uint8Array(data)
  return new Promise((resolve) => {
    h.waiting.set(id, resolve)
    h.worker.postMessage({ id, data: copy, spec, firstLine, options }, [copy.buffer])
  })
}

/**
 * One chunk's aggregates: what the ingest activity counts, and what `npm run bench:logs` measures. A large chunk is
 * cut at the line end nearest its middle; this thread counts the first half while the helper thread counts the
 * second (its first line numbered after the first half's lines), and the halves are merged: the same figures as
 * counting it whole. Nothing is written here, so a worker killed meanwhile has counted nothing.
 */
export async function countChunk(data: Uint8Array, spec: FormatSpec, firstLine: number, options: AggregateOptions = {}): Promise<ChunkAggregate> {
  const buf = Buffer.from(data.buffer, data.byteOffset, data.byteLength)
  const cut = buf.length >= SPLIT_BYTES && availableParallelism() > 1 ? buf.lastIndexOf(10, buf.length >> 1) + 1 : 0
  if (cut <= 0) return aggregateText(buf.toString('utf8'), spec, firstLine, options)
  const first = buf.subarray(0, cut)
  const second = buf.subarray(cut)
  let lines = 0
  for (let i = first.indexOf(10); i !== -1; i = first.indexOf(10, i + 1)) lines++
  const other = inHelper(second, spec, firstLine + lines, options)
  const a = aggregateText(first.toString('utf8'), spec, firstLine, options)
  const b = (await other) ?? aggregateText(second.toString('utf8'), spec, firstLine + lines, options)
  return mergeAggregates(a, b)
}

/** The part of node:dns's Resolver the verification uses (tests pass one aimed at a local DNS server). */
export type DnsResolver = Pick<dns.Resolver, 'resolvePtr' | 'resolve4' | 'resolve6'>

/** What DNS said about one address: its PTR names and those whose A/AAAA records hold it again. */
export interface AddressLookup {
  names: string[]
  confirmed: string[]
}

// Answers that settle a lookup (the name or record does not exist); any other error (timeout, SERVFAIL) leaves it open.
const NO_ANSWER = new Set(['ENOTFOUND', 'ENODATA', 'NOTFOUND', 'NODATA'])
const MAX_NAMES = 5

async function orNone(p: Promise<string[]>): Promise<string[] | null> {
  try {
    return await p
  } catch (err) {
    return NO_ANSWER.has((err as { code?: string }).code ?? '') ? [] : null
  }
}

/** The address as one canonical string (IPv4-mapped IPv6 as IPv4), null when it is no address. */
function canonical(ip: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  if (!ipaddr.isValid(ip)) return null
  const a = ipaddr.parse(ip)
  return a.kind() === 'ipv6' && (a as ipaddr.IPv6).isIPv4MappedAddress() ? (a as ipaddr.IPv6).toIPv4Address() : a
}

/**
 * Forward-confirmed reverse DNS of one address: PTR, then A (or AAAA) of each name must hold the address. null when
 * DNS could not answer (the hits stay unknown and the address is tried again next time).
 */
export async function lookupAddress(resolver: DnsResolver, ip: string): Promise<AddressLookup | null> {
  const addr = canonical(ip)
  if (!addr) return { names: [], confirmed: [] }
  // A PTR query of its own (not getHostByAddr, which reports a server that did not answer as 'no name').
  const names = await orNone(resolver.resolvePtr(ptrName(addr.toString())))
  if (names === null) return null
  const confirmed: string[] = []
  for (const name of names.slice(0, MAX_NAMES)) {
    const forward = await orNone(addr.kind() === 'ipv4' ? resolver.resolve4(name) : resolver.resolve6(name))
    if (forward === null) return null
    if (forward.some((f) => canonical(f)?.toNormalizedString() === addr.toNormalizedString())) confirmed.push(name)
  }
  return { names, confirmed }
}

/** The resolver of the worker: the system's servers, or CRAWLER_DNS_SERVERS (comma-separated host[:port]). */
export function defaultResolver(): DnsResolver {
  const r = new dns.Resolver({ timeout: 3000, tries: 2 })
  const servers = process.env.CRAWLER_DNS_SERVERS?.split(',').map((x) => x.trim()).filter(Boolean)
  if (servers?.length) r.setServers(servers)
  return r
}

/** Addresses looked up at once, and how long a lookup is trusted. */
const LOOKUPS_AT_ONCE = 8
const LOOKUP_DAYS = 7

export interface AddressesVerified {
  addresses: number
  looked: number
  verified: number
  unverified: number
  unknown: number
}

export function createCrawlerActivities({ sql, resolver = defaultResolver() }: { sql: postgres.Sql<any>; resolver?: DnsResolver }) {
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
        const [chunk] = await tx<{ first_line: string; data: Buffer | null; done: boolean; lines: number; bad_lines: number; project_id: number; spec: FormatSpec; simulated: boolean; reverse_dns: boolean }[]>`
          select c.first_line, c.data, c.done_at is not null as done, c.lines, c.bad_lines, u.project_id, u.spec, u.simulated,
            coalesce(s.reverse_dns, false) as reverse_dns
          from crawler_chunks c join crawler_uploads u on u.id = c.upload_id left join crawler_settings s on s.project_id = u.project_id
          where c.upload_id = ${input.uploadId} and c.seq = ${input.seq} for update of c`
        if (!chunk) return { lines: 0, badLines: 0 }
        // Counted before (a retry after the commit, or a new worker after a kill): answer what it counted.
        if (chunk.done || !chunk.data) return { lines: chunk.lines, badLines: chunk.bad_lines }
        const a = await countChunk(chunk.data, chunk.spec, Number(chunk.first_line), { byAddress: chunk.reverse_dns })
        beat()
        await storeAggregate(tx, chunk.project_id, a, chunk.simulated, input.uploadId)
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

    /**
     * The step after an upload's chunks: looks up the distinct addresses its held hits claim (when the project has
     * reverse DNS on; cached per address), then moves those hits into the aggregates as verified or unverified in
     * one transaction, so a retry after a kill neither loses nor doubles them. Nothing held: nothing to do.
     */
    async verifyCrawlerAddresses(input: { uploadId: number }): Promise<AddressesVerified> {
      const out: AddressesVerified = { addresses: 0, looked: 0, verified: 0, unverified: 0, unknown: 0 }
      const [upload] = await sql<{ project_id: number; reverse_dns: boolean }[]>`
        select u.project_id, coalesce(s.reverse_dns, false) as reverse_dns from crawler_uploads u
        left join crawler_settings s on s.project_id = u.project_id where u.id = ${input.uploadId}`
      if (!upload) return out
      const projectId = upload.project_id
      const ips = (await sql<{ ip: string }[]>`select distinct ip from crawler_rdns_pending where upload_id = ${input.uploadId} order by ip`).map((r) => r.ip)
      out.addresses = ips.length
      if (ips.length === 0) return out
      // Switched off since the chunks were counted: the held hits go in unverified by DNS (unknown), without lookups.
      if (upload.reverse_dns) {
        const fresh = new Set((await sql<{ ip: string }[]>`select ip from crawler_rdns where project_id = ${projectId} and ip = any(${ips})
          and checked_at > now() - make_interval(days => ${LOOKUP_DAYS})`).map((r) => r.ip))
        const todo = ips.filter((ip) => !fresh.has(ip))
        let next = 0
        const lookOne = async () => {
          while (next < todo.length) {
            const ip = todo[next++]
            beat()
            const found = await lookupAddress(resolver, ip)
            if (!found) continue
            out.looked += 1
            await sql`insert into crawler_rdns (project_id, ip, names, confirmed) values (${projectId}, ${ip}, ${found.names}, ${found.confirmed})
              on conflict (project_id, ip) do update set names = excluded.names, confirmed = excluded.confirmed, checked_at = now()`
          }
        }
        await Promise.all(Array.from({ length: Math.min(LOOKUPS_AT_ONCE, todo.length) }, lookOne))
      }
      return sql.begin(async (tx) => {
        const held = await tx<{ ip: string; day: string; bot: string; bot_class: HitRow['botClass']; path: string; status: number; hits: string; last_seen: Date; simulated: boolean }[]>`
          select ip, day::text, bot, bot_class, path, status, hits, last_seen, simulated from crawler_rdns_pending where upload_id = ${input.uploadId} for update`
        if (held.length === 0) return out
        const looked = new Map(
          upload.reverse_dns
            ? (await tx<{ ip: string; confirmed: string[] }[]>`select ip, confirmed from crawler_rdns where project_id = ${projectId} and ip = any(${ips})`).map((r) => [r.ip, r.confirmed])
            : [],
        )
        // Addresses with the same verdict fold into one row of the aggregates.
        const hits = new Map<string, HitRow>()
        for (const h of held) {
          const confirmed = looked.get(h.ip)
          const verified: Verification = confirmed ? reverseDnsVerdict(h.bot, confirmed) : 'unknown'
          const n = Number(h.hits)
          out[verified] += n
          const key = `${h.day}\u0000${h.bot}\u0000${verified}\u0000${h.path}\u0000${h.status}`
          const row = hits.get(key)
          if (row) {
            row.hits += n
            row.lastSeen = Math.max(row.lastSeen, h.last_seen.getTime())
          } else hits.set(key, { day: h.day, bot: h.bot, botClass: h.bot_class, verified, path: h.path, status: h.status, hits: n, lastSeen: h.last_seen.getTime() })
        }
        const simulated = held.some((h) => h.simulated)
        await storeAggregate(tx, projectId, { lines: 0, badLines: 0, badExamples: [], hits: [...hits.values()], referrals: [], humans: {}, samples: {} }, simulated)
        await tx`delete from crawler_rdns_pending where upload_id = ${input.uploadId}`
        return out
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
