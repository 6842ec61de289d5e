/**
 * Access-log formats: detection from the first lines and one parser per format, each turning a line into a
 * LogRecord or a reason it could not be read. Pure (no I/O): the worker's ingest, the push endpoint and the
 * upload preview all call it.
 */

export const LOG_FORMATS = ['combined', 'combined-vhost', 'common', 'common-vhost', 'cloudfront', 'json', 'csv'] as const
export type LogFormat = (typeof LOG_FORMATS)[number]

export const FORMAT_LABELS: Record<LogFormat, string> = {
  combined: 'nginx/Apache combined',
  'combined-vhost': 'nginx/Apache combined with virtual host',
  common: 'nginx/Apache common (no referrer or user agent)',
  'common-vhost': 'nginx/Apache common with virtual host',
  cloudfront: 'AWS CloudFront standard log',
  json: 'JSON lines (Cloudflare Logpush, Fastly, Vercel)',
  csv: 'CSV with a column mapping',
}

export interface LogRecord {
  /** Milliseconds since the epoch, UTC. */
  time: number
  ip: string
  method: string
  /** Path without the query string. */
  path: string
  /** The query string without '?', '' when none (utm_source lives here). */
  query: string
  status: number
  userAgent: string
  referer: string
  host: string
}

export type ParseResult = { ok: true; record: LogRecord } | { ok: false; reason: string }

/** The columns a CSV mapping names: each LogRecord field's column header (time, ip, path, status, userAgent required). */
export interface CsvMapping {
  time: string
  ip: string
  path: string
  status: string
  userAgent: string
  method?: string
  referer?: string
  host?: string
}

export interface FormatSpec {
  format: LogFormat
  /** CloudFront: the names of the #Fields header; CSV: the header row. */
  fields?: string[]
  csv?: CsvMapping
}

const MONTHS: Record<string, number> = { Jan: 0, Feb: 1, Mar: 2, Apr: 3, May: 4, Jun: 5, Jul: 6, Aug: 7, Sep: 8, Oct: 9, Nov: 10, Dec: 11 }

const DAY_BASE = new Map<string, number>()
const digits2 = (s: string, i: number) => (s.charCodeAt(i) - 48) * 10 + (s.charCodeAt(i + 1) - 48)

/** `10/Oct/2000:13:55:36 -0700` → ms UTC; NaN when malformed. The day and offset part is cached (logs repeat it). */
export function clfTime(s: string): number {
  if (s.length === 26 && s[11] === ':' && s[14] === ':' && s[17] === ':') {
    const key = s.slice(0, 11) + s.slice(20)
    let base = DAY_BASE.get(key)
    if (base === undefined) {
      base = clfTimeSlow(`${s.slice(0, 11)}:00:00:00${s.slice(20)}`)
      if (DAY_BASE.size < 10_000) DAY_BASE.set(key, base)
    }
    const h = digits2(s, 12)
    const m = digits2(s, 15)
    const sec = digits2(s, 18)
    if (h >= 0 && h < 24 && m >= 0 && m < 60 && sec >= 0 && sec < 61) return base + (h * 3600 + m * 60 + sec) * 1000
    return NaN
  }
  return clfTimeSlow(s)
}

function clfTimeSlow(s: string): number {
  const m = /^(\d{2})\/(\w{3})\/(\d{4}):(\d{2}):(\d{2}):(\d{2}) ([+-])(\d{2})(\d{2})$/.exec(s)
  if (!m || MONTHS[m[2]] === undefined) return NaN
  const offset = (m[7] === '-' ? -1 : 1) * (Number(m[8]) * 60 + Number(m[9]))
  return Date.UTC(+m[3], MONTHS[m[2]], +m[1], +m[4], +m[5], +m[6]) - offset * 60_000
}

function splitTarget(target: string): { path: string; query: string } {
  let t = target
  // An absolute-form request target (proxies): keep the path.
  if (/^https?:\/\//i.test(t)) t = t.replace(/^https?:\/\/[^/]*/i, '') || '/'
  const q = t.indexOf('?')
  return q < 0 ? { path: t, query: '' } : { path: t.slice(0, q), query: t.slice(q + 1) }
}

const dash = (s: string | undefined) => (s === undefined || s === '-' ? '' : s)

// host? ip ident user [time] "request" status bytes ("referer" "ua")? — quoted fields may hold \" escapes.
// Unrolled ("normal* (special normal*)*"): far fewer steps per character than an alternation.
const Q = '"([^"\\\\]*(?:\\\\.[^"\\\\]*)*)"'
const CLF_CORE = `(\\S+) \\S+ \\S+ \\[([^\\]]+)\\] ${Q} (\\d{3}) (\\S+)`
const CLF = {
  combined: new RegExp(`^${CLF_CORE} ${Q} ${Q}`),
  'combined-vhost': new RegExp(`^(\\S+?)(?::\\d+)? ${CLF_CORE} ${Q} ${Q}`),
  common: new RegExp(`^${CLF_CORE}\\s*$`),
  'common-vhost': new RegExp(`^(\\S+?)(?::\\d+)? ${CLF_CORE}\\s*$`),
} as const

/**
 * The combined formats' line shape for the Aggregator's fast path, run sticky over a whole chunk from a line's
 * start: the same pattern as CLF, for lines without a backslash (where a quoted field is just [^"]*), kept from
 * running past the line's end. No captures, so a match allocates nothing. null for the other formats.
 */
export function clfShape(format: LogFormat): RegExp | null {
  const q = '"[^"\\n]*"'
  const core = `\\S+ \\S+ \\S+ \\[[^\\]\\n]+\\] ${q} \\d{3} \\S+ ${q} ${q}`
  if (format === 'combined') return new RegExp(core, 'y')
  if (format === 'combined-vhost') return new RegExp(`\\S+ ${core}`, 'y')
  return null
}

const unescape = (s: string) => (s.includes('\\') ? s.replace(/\\(.)/g, '$1') : s)

function parseClf(line: string, format: keyof typeof CLF): ParseResult {
  const m = CLF[format].exec(line)
  if (!m) return { ok: false, reason: `not a ${FORMAT_LABELS[format]} line` }
  const vhost = format.endsWith('vhost')
  const g = vhost ? m.slice(2) : m.slice(1)
  const time = clfTime(g[1])
  if (Number.isNaN(time)) return { ok: false, reason: `time '${g[1]}' is not dd/Mon/yyyy:hh:mm:ss ±hhmm` }
  const request = unescape(g[2]).split(' ')
  if (request.length < 2) return { ok: false, reason: 'the request is not "METHOD /path PROTOCOL"' }
  const { path, query } = splitTarget(request[1])
  return {
    ok: true,
    record: {
      time, ip: g[0], method: request[0], path, query, status: Number(g[3]),
      referer: dash(g[5] === undefined ? undefined : unescape(g[5])),
      userAgent: dash(g[6] === undefined ? undefined : unescape(g[6])),
      host: vhost ? m[1] : '',
    },
  }
}

// ---------------------------------------------------------------- CloudFront (tab-separated, #Fields header)

function parseCloudFront(line: string, fields: string[]): ParseResult {
  const cols = line.split('\t')
  if (cols.length < fields.length) return { ok: false, reason: `${cols.length} columns where #Fields names ${fields.length}` }
  const get = (name: string) => {
    const i = fields.indexOf(name)
    return i < 0 ? '' : dash(cols[i])
  }
  const time = Date.parse(`${get('date')}T${get('time')}Z`)
  const status = Number(get('sc-status'))
  if (Number.isNaN(time)) return { ok: false, reason: `date '${get('date')} ${get('time')}' is not yyyy-mm-dd hh:mm:ss` }
  if (!Number.isInteger(status)) return { ok: false, reason: `sc-status '${get('sc-status')}' is not a number` }
  // CloudFront URL-encodes the user agent and referrer (spaces as %20, sometimes twice).
  const decode = (s: string) => {
    try {
      return decodeURIComponent(decodeURIComponent(s))
    } catch {
      return s
    }
  }
  return {
    ok: true,
    record: {
      time, ip: get('c-ip'), method: get('cs-method'), path: get('cs-uri-stem') || '/', query: get('cs-uri-query'), status,
      userAgent: decode(get('cs(User-Agent)')), referer: decode(get('cs(Referer)')), host: get('x-host-header') || get('cs(Host)'),
    },
  }
}

// ---------------------------------------------------------------- JSON lines (Cloudflare, Fastly, Vercel)

type Json = Record<string, unknown>
const pick = (o: Json, keys: string[]): unknown => {
  for (const k of keys) if (o[k] !== undefined && o[k] !== null && o[k] !== '') return o[k]
  return undefined
}
const str = (v: unknown) => (Array.isArray(v) ? String(v[0] ?? '') : v === undefined ? '' : String(v))

/** Unix seconds, milliseconds or nanoseconds, or an ISO / CLF string → ms. */
function jsonTime(v: unknown): number {
  if (typeof v === 'number') return v > 1e17 ? Math.floor(v / 1e6) : v > 1e11 ? v : v * 1000
  if (typeof v !== 'string') return NaN
  if (/^\d+$/.test(v)) return jsonTime(Number(v))
  return v.includes('/') ? clfTime(v) : Date.parse(v)
}

export function parseJsonLine(line: string): ParseResult {
  let o: Json
  try {
    const v: unknown = JSON.parse(line)
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return { ok: false, reason: 'not a JSON object' }
    o = v as Json
  } catch {
    return { ok: false, reason: 'not valid JSON' }
  }
  // Vercel's log drain nests the request in `proxy`.
  const r = typeof o.proxy === 'object' && o.proxy !== null ? { ...o, ...(o.proxy as Json) } : o
  const time = jsonTime(pick(r, ['EdgeStartTimestamp', 'timestamp', 'time', 'start_time', 'date', 'datetime']))
  const rawUri = str(pick(r, ['ClientRequestURI', 'url', 'request_url', 'uri', 'path', 'ClientRequestPath', 'request_path']))
  const status = Number(pick(r, ['EdgeResponseStatus', 'statusCode', 'status', 'response_status', 'status_code', 'OriginResponseStatus']))
  const ip = str(pick(r, ['ClientIP', 'clientIp', 'client_ip', 'ip', 'remote_addr', 'c-ip']))
  if (Number.isNaN(time)) return { ok: false, reason: 'no readable time (EdgeStartTimestamp, timestamp, time)' }
  if (!rawUri) return { ok: false, reason: 'no path (ClientRequestURI, url, path)' }
  if (!Number.isInteger(status)) return { ok: false, reason: 'no status code (EdgeResponseStatus, statusCode, status)' }
  const { path, query } = splitTarget(rawUri)
  return {
    ok: true,
    record: {
      time, ip, path, query, status,
      method: str(pick(r, ['ClientRequestMethod', 'method', 'request_method', 'request_type'])) || 'GET',
      userAgent: str(pick(r, ['ClientRequestUserAgent', 'userAgent', 'user_agent', 'request_user_agent', 'http_user_agent', 'ua'])),
      referer: str(pick(r, ['ClientRequestReferer', 'referer', 'referrer', 'request_referer', 'http_referer'])),
      host: str(pick(r, ['ClientRequestHost', 'host', 'request_host', 'http_host'])),
    },
  }
}

// ---------------------------------------------------------------- CSV (RFC 4180 line, mapped columns)

/** One CSV line into cells (quotes, doubled quotes); a record spanning lines is not supported (logs have none). */
export function csvCells(line: string): string[] | null {
  const out: string[] = []
  let i = 0
  while (i <= line.length) {
    if (line[i] === '"') {
      let v = ''
      i++
      for (;;) {
        if (i >= line.length) return null
        if (line[i] === '"') {
          if (line[i + 1] !== '"') break
          v += '"'
          i += 2
        } else v += line[i++]
      }
      i++
      out.push(v)
      if (i < line.length && line[i] !== ',') return null
      i++
    } else {
      const end = line.indexOf(',', i)
      out.push(line.slice(i, end < 0 ? line.length : end))
      i = end < 0 ? line.length + 1 : end + 1
    }
  }
  return out
}

function parseCsv(line: string, header: string[], map: CsvMapping): ParseResult {
  const cells = csvCells(line)
  if (!cells) return { ok: false, reason: 'unbalanced quotes' }
  const get = (col: string | undefined) => (col ? cells[header.indexOf(col)] ?? '' : '')
  const time = jsonTime(get(map.time))
  const status = Number(get(map.status))
  if (Number.isNaN(time)) return { ok: false, reason: `${map.time} '${get(map.time)}' is not a time` }
  if (!Number.isInteger(status) || get(map.status) === '') return { ok: false, reason: `${map.status} '${get(map.status)}' is not a status code` }
  const { path, query } = splitTarget(get(map.path) || '/')
  return {
    ok: true,
    record: {
      time, path, query, status, ip: get(map.ip), userAgent: get(map.userAgent), method: get(map.method) || 'GET',
      referer: dash(get(map.referer)), host: get(map.host),
    },
  }
}

export function parseLine(line: string, spec: FormatSpec): ParseResult {
  switch (spec.format) {
    case 'combined':
    case 'combined-vhost':
    case 'common':
    case 'common-vhost':
      return parseClf(line, spec.format)
    case 'cloudfront':
      return parseCloudFront(line, spec.fields ?? [])
    case 'json':
      return parseJsonLine(line)
    case 'csv':
      if (!spec.csv || !spec.fields) return { ok: false, reason: 'the CSV column mapping is not confirmed' }
      return parseCsv(line, spec.fields, spec.csv)
  }
}

/** Lines that carry no request: blank lines and CloudFront's # headers. */
export const isSkippable = (line: string) => line.trim() === '' || line.startsWith('#')

const CSV_GUESS: Record<keyof CsvMapping, RegExp> = {
  time: /^(time|timestamp|date|datetime|edgestarttimestamp)$/i,
  ip: /^(ip|client_?ip|remote_?addr|c-ip|clientip)$/i,
  path: /^(path|url|uri|request_?url|request_?uri|clientrequesturi)$/i,
  status: /^(status|status_?code|response_?status|edgeresponsestatus)$/i,
  userAgent: /^(user_?agent|ua|useragent|http_user_agent|clientrequestuseragent)$/i,
  method: /^(method|request_?method)$/i,
  referer: /^(referr?er|http_referer)$/i,
  host: /^(host|hostname|http_host)$/i,
}

/** A proposed CSV mapping from the header (the user confirms or corrects it); null fields were not found. */
export function guessCsvMapping(header: string[]): Partial<CsvMapping> {
  const out: Partial<CsvMapping> = {}
  for (const [field, re] of Object.entries(CSV_GUESS) as [keyof CsvMapping, RegExp][]) {
    const col = header.find((h) => re.test(h.trim()))
    if (col) out[field] = col
  }
  return out
}

/**
 * The format of a file from its first lines (up to ~50): the CloudFront #Fields header, JSON objects, a CSV
 * header, or the CLF variant that reads the most lines. null when none reads half of them.
 */
export function detectFormat(lines: string[]): FormatSpec | null {
  const fieldsLine = lines.find((l) => l.startsWith('#Fields:'))
  if (fieldsLine) return { format: 'cloudfront', fields: fieldsLine.slice(8).trim().split(/\s+/) }
  const sample = lines.filter((l) => !isSkippable(l)).slice(0, 50)
  if (sample.length === 0) return null
  if (sample[0].trimStart().startsWith('{')) return { format: 'json' }
  let best: { format: LogFormat; n: number } | null = null
  for (const format of ['combined', 'combined-vhost', 'common', 'common-vhost'] as const) {
    const n = sample.filter((l) => parseClf(l, format).ok).length
    if (!best || n > best.n) best = { format, n }
  }
  if (best && best.n * 2 >= sample.length && best.n > 0) return { format: best.format }
  const header = csvCells(sample[0])
  if (header && header.length >= 4) return { format: 'csv', fields: header.map((h) => h.trim()) }
  return null
}
