/**
 * Agent analytics intake: an uploaded file or a pushed batch becomes an upload row and its chunks (cut at line
 * ends, gzip undone), then one ingest workflow. The format is detected from the first lines unless the user
 * confirmed it; a CSV needs its column mapping confirmed.
 */
import { createHash, randomBytes } from 'node:crypto'
import { Readable } from 'node:stream'
import { createGunzip } from 'node:zlib'
import { db } from './db.server'
import type { User } from './auth.server'
import { getProject } from './projects.server'
import { startPlainWorkflow } from './temporal.server'
import { badRequest, forbidden } from './http.server'
import { detectFormat, guessCsvMapping, FORMAT_LABELS, type FormatSpec } from '../domain/crawlers/formats'
import { API_UPLOAD_MAX_BYTES, CHUNK_BYTES, PUSH_MAX_BYTES, batchIdSchema, type UploadOptions } from '../domain/crawlers/schemas'
import { errorMessage } from '../domain/validation'
import { demoLog } from '../domain/crawlers/demo'
import { isDemoMode } from '../domain/providers'
import { crawlersWorkflowId } from '../../workflows/shared'

const HEAD_BYTES = 64 * 1024

function tooLarge(max: number): never {
  throw new Response(JSON.stringify({ error: `The file is larger than ${Math.round(max / 1024 ** 2)} MB.`, message: `The file is larger than ${Math.round(max / 1024 ** 2)} MB.` }), {
    status: 413, headers: { 'Content-Type': 'application/json' },
  })
}

/** The bytes of a body, gunzipped when they start with gzip's magic number, capped at max (uncompressed). */
async function* plainBytes(source: AsyncIterable<Uint8Array>, max: number): AsyncGenerator<Buffer> {
  const it = source[Symbol.asyncIterator]()
  const first = await it.next()
  if (first.done) return
  const head = Buffer.from(first.value)
  const rest = (async function* () {
    yield head
    for (let n = await it.next(); !n.done; n = await it.next()) yield Buffer.from(n.value)
  })()
  const stream: AsyncIterable<Buffer> = head[0] === 0x1f && head[1] === 0x8b ? Readable.from(rest).pipe(createGunzip()) : rest
  let total = 0
  for await (const b of stream) {
    total += b.length
    if (total > max) tooLarge(max)
    yield b
  }
}

/** Cuts the bytes into chunks of at most CHUNK_BYTES ending at a line end (a longer line is a chunk of its own), with each chunk's first line number. */
async function* chunksOf(bytes: AsyncIterable<Buffer>): AsyncGenerator<{ data: Buffer; firstLine: number }> {
  let parts: Buffer[] = []
  let size = 0
  let line = 1
  const cut = (data: Buffer) => {
    let n = 0
    for (let i = data.indexOf(10); i >= 0; i = data.indexOf(10, i + 1)) n++
    const out = { data, firstLine: line }
    line += n
    return out
  }
  for await (const b of bytes) {
    parts.push(b)
    size += b.length
    if (size < CHUNK_BYTES) continue
    // One copy per chunk, not per piece of the stream.
    let pending = Buffer.concat(parts)
    while (pending.length >= CHUNK_BYTES) {
      let end = pending.lastIndexOf(10, CHUNK_BYTES - 1)
      if (end < 0) end = pending.indexOf(10)
      if (end < 0) break
      yield cut(pending.subarray(0, end + 1))
      pending = pending.subarray(end + 1)
    }
    parts = [pending]
    size = pending.length
  }
  if (size > 0) yield cut(Buffer.concat(parts))
}

/** The spec of a file from its head and what the user confirmed; a 400 says what to confirm. */
export function specOf(head: string, options: UploadOptions): FormatSpec {
  const lines = head.split('\n').slice(0, 60).map((l) => l.replace(/\r$/, ''))
  const detected = detectFormat(lines)
  const format = options.format ?? detected?.format
  if (!format) badRequest('The format of the file could not be recognised from its first lines: choose one (combined, common, cloudfront, json or csv).')
  if (format === 'cloudfront') {
    if (detected?.format !== 'cloudfront') badRequest('A CloudFront log starts with its #Fields header line; it is missing.')
    return detected
  }
  if (format !== 'csv') return { format }
  const fields = detected?.format === 'csv' ? detected.fields! : (lines[0] ?? '').split(',').map((h) => h.trim())
  if (!options.csv) {
    const guess = guessCsvMapping(fields)
    badRequest(`Confirm the CSV's columns: the header is ${fields.join(', ')}; proposed mapping ${JSON.stringify(guess)}.`, { csv: JSON.stringify(guess) })
  }
  for (const col of Object.values(options.csv)) if (col && !fields.includes(col)) badRequest(`csv: column '${col}' is not in the header (${fields.join(', ')})`)
  return { format, fields, csv: options.csv }
}

export interface NewUpload {
  projectId: number
  userId: number | null
  source: 'upload' | 'push' | 'demo'
  batchId?: string
  options: UploadOptions
  body: AsyncIterable<Uint8Array>
  maxBytes: number
  simulated?: boolean
}

/** Stores the upload and its chunks, then starts its ingest; a push whose batch id was seen answers the first upload. */
export async function createUpload(u: NewUpload): Promise<{ uploadId: number; duplicate: boolean; format: string }> {
  const sql = db()
  if (u.batchId) {
    const [seen] = await sql<{ id: string; spec: FormatSpec }[]>`select id, spec from crawler_uploads where project_id = ${u.projectId} and batch_id = ${u.batchId}`
    if (seen) return { uploadId: Number(seen.id), duplicate: true, format: FORMAT_LABELS[seen.spec.format] }
  }
  const chunks = chunksOf(plainBytes(u.body, u.maxBytes))
  const first = await chunks.next()
  if (first.done) badRequest('The file is empty.')
  const spec = specOf(first.value.data.subarray(0, HEAD_BYTES).toString('utf8'), u.options)
  const uploadId = await sql.begin(async (tx) => {
    const [row] = await tx<{ id: string }[]>`
      insert into crawler_uploads (project_id, user_id, source, batch_id, file_name, spec, simulated)
      values (${u.projectId}, ${u.userId}, ${u.source}, ${u.batchId ?? null}, ${u.options.fileName ?? ''}, ${tx.json(spec as any)}, ${u.simulated ?? false})
      on conflict (project_id, batch_id) do nothing returning id`
    return row ? Number(row.id) : null
  })
  // A concurrent push with the same batch id won the insert.
  if (uploadId === null) return createUpload({ ...u, body: (async function* () {})() })
  let seq = 0
  let bytes = 0
  for (let c: IteratorResult<{ data: Buffer; firstLine: number }> = first; !c.done; c = await chunks.next()) {
    await sql`insert into crawler_chunks (upload_id, seq, bytes, first_line, data) values (${uploadId}, ${seq}, ${c.value.data.length}, ${c.value.firstLine}, ${c.value.data})`
    seq += 1
    bytes += c.value.data.length
  }
  await sql`update crawler_uploads set bytes = ${bytes}, chunks = ${seq} where id = ${uploadId}`
  await startPlainWorkflow('crawlersIngestWorkflow', {
    workflowId: crawlersWorkflowId(uploadId), args: [{ uploadId }], summary: `Agent analytics: ingest ${u.source} ${uploadId} of project ${u.projectId}`,
  })
  return { uploadId, duplicate: false, format: FORMAT_LABELS[spec.format] }
}

/** The upload of a signed-in user or an API key: write access to the project. */
export async function uploadLogs(user: User, projectId: number, options: UploadOptions, body: AsyncIterable<Uint8Array>, maxBytes: number) {
  const project = await getProject(user, projectId, 'write')
  if (project.isLightMode) forbidden('Agent analytics is not available in Light Mode.')
  return createUpload({ projectId, userId: user.id, source: 'upload', options, body, maxBytes })
}

// ---------------------------------------------------------------- the push endpoint's ingest key

const hashKey = (key: string) => createHash('sha256').update(key).digest('hex')

/** A new ingest key for the project (the old one stops working); shown once. */
export async function rotateIngestKey(user: User, projectId: number): Promise<{ key: string; prefix: string }> {
  await getProject(user, projectId, 'write')
  const key = `abvi_${randomBytes(24).toString('base64url')}`
  const prefix = key.slice(0, 12)
  await db()`insert into crawler_settings (project_id, key_hash, key_prefix) values (${projectId}, ${hashKey(key)}, ${prefix})
    on conflict (project_id) do update set key_hash = excluded.key_hash, key_prefix = excluded.key_prefix, updated_at = now()`
  return { key, prefix }
}

/** The project whose ingest key this is; null when the key is not that project's. */
export async function projectOfIngestKey(projectId: number, key: string): Promise<boolean> {
  const [row] = await db()<{ project_id: number }[]>`select project_id from crawler_settings where project_id = ${projectId} and key_hash = ${hashKey(key)}`
  return Boolean(row)
}

/** POST /api/v1/projects/{id}/logs and the MCP tool: the log in the JSON body, as text or base64 (gzip allowed). */
export async function uploadLogsFromApi(
  user: User,
  projectId: number,
  body: { content: string; encoding: 'text' | 'base64'; format?: UploadOptions['format']; csv?: UploadOptions['csv']; fileName?: string },
) {
  const bytes = body.encoding === 'base64' ? Buffer.from(body.content, 'base64') : Buffer.from(body.content, 'utf8')
  const { format, csv, fileName } = body
  return uploadLogs(user, projectId, { format, csv, fileName }, (async function* () {
    yield bytes
  })(), API_UPLOAD_MAX_BYTES)
}

function unauthorized(): never {
  throw new Response(JSON.stringify({ error: 'Ingest key required', message: 'Ingest key required: Authorization: Bearer <the project\'s ingest key>.' }), {
    status: 401, headers: { 'Content-Type': 'application/json', 'WWW-Authenticate': 'Bearer' },
  })
}

/** One pushed NDJSON batch: the project's ingest key, a batch id, at most PUSH_MAX_BYTES. */
export async function pushBatch(projectId: number, request: Request) {
  const key = /^Bearer\s+(\S+)$/i.exec(request.headers.get('authorization') ?? '')?.[1]
  if (!key || !(await projectOfIngestKey(projectId, key))) unauthorized()
  const batch = batchIdSchema.safeParse(request.headers.get('idempotency-key') ?? request.headers.get('x-batch-id') ?? '')
  if (!batch.success) badRequest(errorMessage(batch.error))
  const text = await request.text()
  if (Buffer.byteLength(text) > PUSH_MAX_BYTES) tooLarge(PUSH_MAX_BYTES)
  return createUpload({
    projectId, userId: null, source: 'push', batchId: batch.data, options: { format: 'json', fileName: `batch ${batch.data}` },
    body: (async function* () {
      yield Buffer.from(text)
    })(), maxBytes: PUSH_MAX_BYTES,
  })
}

/** Demo mode: a simulated month of logs fitting the latest analysis's simulated citations, labelled simulated. */
export async function loadDemoLogs(user: User, projectId: number) {
  if (!isDemoMode()) forbidden('Simulated logs are for demo mode only: upload your own logs.')
  const project = await getProject(user, projectId, 'write')
  const sql = db()
  const [analysis] = await sql<{ id: number; date: string }[]>`
    select id, created_at::date::text as date from analyses where project_id = ${projectId} and status = 'completed' order by created_at desc, id desc limit 1`
  const domains = project.brandDetails.domains ?? []
  const urls = analysis
    ? await sql<{ url: string }[]>`select distinct c->>'url' as url from api_responses r, jsonb_array_elements(r.citations || r.sources) c where r.analysis_id = ${analysis.id}`
    : []
  const paths = [...new Set(urls.flatMap(({ url }) => {
    try {
      const u = new URL(url)
      return domains.some((d) => u.hostname === d || u.hostname.endsWith(`.${d}`)) ? [u.pathname] : []
    } catch {
      return []
    }
  }))].slice(0, 20)
  const text = demoLog(paths, analysis?.date ?? new Date().toISOString().slice(0, 10), projectId)
  return createUpload({
    projectId, userId: user.id, source: 'demo', options: { format: 'combined', fileName: 'simulated-month.log' }, simulated: true,
    body: (async function* () {
      yield Buffer.from(text)
    })(), maxBytes: PUSH_MAX_BYTES * 10,
  })
}
