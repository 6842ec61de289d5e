/**
 * Fetches a page for the content optimiser without letting a URL reach the server's own network:
 * every URL (and every redirect, at most 5) is checked, the host is resolved once and every resolved
 * address checked, and the socket connects to the address that was checked (our `lookup`), so a second
 * DNS answer cannot rebind it. 10 s for the whole fetch, 5 MB at most, text/html and text/plain only.
 */
import dns from 'node:dns'
import http from 'node:http'
import https from 'node:https'
import type { LookupFunction } from 'node:net'
import { checkAddress, checkUrl, loopbackAllowedFor, REFUSED_PREFIX, type LoopbackAllowance } from '../app/domain/optimiser/address'
import { OPTIMISER_LIMITS } from '../app/domain/optimiser/constants'

export class RefusedUrlError extends Error {
  constructor(reason: string) {
    super(`${REFUSED_PREFIX}${reason}`)
    this.name = 'RefusedUrlError'
  }
}

export interface FetchOptions {
  /** Tests only: lets loopback addresses through (a test server on 127.0.0.1), any or on the listed ports; private ranges stay refused. */
  allowLoopback?: LoopbackAllowance
  timeoutMs?: number
  maxBytes?: number
  maxRedirects?: number
  /** Content types accepted (default text/html and text/plain). */
  accept?: string[]
}

export interface FetchedPage {
  url: string
  status: number
  contentType: string
  headers: Record<string, string | string[] | undefined>
  body: string
}

function guardedLookup(allowLoopback: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { all: true, family: options.family as number | undefined }, (err, addresses) => {
      if (err) return callback(err, '', 4)
      const list = addresses as dns.LookupAddress[]
      const refused = list.map((a) => checkAddress(a.address, { allowLoopback })).find((v) => !v.ok)
      if (refused && !refused.ok) return callback(new RefusedUrlError(`${hostname} resolves to ${refused.reason.replace(/ is a /, ', a ')}`), '', 4)
      if (!list.length) return callback(new Error(`${hostname} has no address`), '', 4)
      if ((options as { all?: boolean }).all) (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list)
      else callback(null, list[0].address, list[0].family)
    })
  }
}

function requestOnce(url: URL, opts: Required<Omit<FetchOptions, 'accept'>> & { accept: string[] }, signal: AbortSignal): Promise<FetchedPage & { location?: string }> {
  return new Promise((resolve, reject) => {
    const lib = url.protocol === 'https:' ? https : http
    const req = lib.request(
      url,
      {
        method: 'GET',
        lookup: guardedLookup(loopbackAllowedFor(opts.allowLoopback, url)),
        signal,
        headers: { 'user-agent': 'AIBrandVisibility-ContentOptimiser/1.0', accept: 'text/html,text/plain;q=0.9', 'accept-encoding': 'identity' },
      },
      (res) => {
        const status = res.statusCode ?? 0
        const location = typeof res.headers.location === 'string' ? res.headers.location : undefined
        if (status >= 300 && status < 400 && location) {
          res.resume()
          return resolve({ url: url.href, status, contentType: '', headers: res.headers, body: '', location })
        }
        const contentType = String(res.headers['content-type'] ?? '').toLowerCase()
        if (status >= 200 && status < 300 && !opts.accept.some((t) => contentType.startsWith(t))) {
          res.destroy()
          return reject(new RefusedUrlError(`the page is ${contentType || 'of no stated type'}, not ${opts.accept.join(' or ')}`))
        }
        const declared = Number(res.headers['content-length'] ?? 0)
        if (declared > opts.maxBytes) {
          res.destroy()
          return reject(new RefusedUrlError(`the page is larger than ${Math.round(opts.maxBytes / 1024 / 1024)} MB`))
        }
        const parts: Buffer[] = []
        let size = 0
        res.on('data', (c: Buffer) => {
          size += c.length
          if (size > opts.maxBytes) {
            res.destroy()
            reject(new RefusedUrlError(`the page is larger than ${Math.round(opts.maxBytes / 1024 / 1024)} MB`))
          } else parts.push(c)
        })
        res.on('end', () => resolve({ url: url.href, status, contentType, headers: res.headers, body: Buffer.concat(parts).toString('utf8') }))
        res.on('error', reject)
      },
    )
    req.on('error', reject)
    req.end()
  })
}

/** GET with the checks above; a refused URL throws RefusedUrlError, whose message starts 'This address cannot be fetched: '. */
export async function fetchPage(raw: string, options: FetchOptions = {}): Promise<FetchedPage> {
  const opts = {
    allowLoopback: options.allowLoopback ?? (false as LoopbackAllowance),
    timeoutMs: options.timeoutMs ?? OPTIMISER_LIMITS.fetchTimeoutMs,
    maxBytes: options.maxBytes ?? OPTIMISER_LIMITS.fetchBytes,
    maxRedirects: options.maxRedirects ?? OPTIMISER_LIMITS.fetchRedirects,
    accept: options.accept ?? ['text/html', 'text/plain'],
  }
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), opts.timeoutMs)
  try {
    let current = raw
    for (let hop = 0; ; hop++) {
      const checked = checkUrl(current, { allowLoopback: opts.allowLoopback })
      if (!checked.ok) throw new RefusedUrlError(checked.reason)
      let page: FetchedPage & { location?: string }
      try {
        page = await requestOnce(checked.url, opts, controller.signal)
      } catch (err) {
        if (err instanceof RefusedUrlError) throw err
        if (controller.signal.aborted) throw new RefusedUrlError(`it did not answer within ${opts.timeoutMs / 1000} s`)
        const cause = (err as { cause?: unknown }).cause
        if (cause instanceof RefusedUrlError) throw cause
        throw new RefusedUrlError(`the site could not be reached (${(err as Error).message})`)
      }
      if (page.location === undefined) {
        if (page.status >= 400) throw new RefusedUrlError(`the site answered ${page.status}`)
        return page
      }
      if (hop >= opts.maxRedirects) throw new RefusedUrlError(`more than ${opts.maxRedirects} redirects`)
      current = new URL(page.location, checked.url).href
    }
  } finally {
    clearTimeout(timer)
  }
}
