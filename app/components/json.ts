/**
 * The one way screens call the app's JSON endpoints. Every call sends the session cookie, skips the browser cache and
 * reads the answer the same way, so error texts cannot drift between screens:
 * - a non-OK answer is 'Request failed: {status} {body}' for logs, with the server's own message as `detail` for people;
 * - an HTML answer where JSON was expected means the session is gone: 'Authentication failed - please refresh the page';
 * - a network failure is 'Network error: Unable to connect to server'.
 *
 * `callJson` answers `{ ok, status, data, detail }` and never throws on an HTTP error (screens that branch on the status);
 * `fetchJson` throws a `RequestError` instead (screens that only show the message).
 * `callJson(url).catch(failedAnswer)` never throws: a lost connection becomes an answer with `ok: false`, status 0.
 */

export const NETWORK_ERROR = 'Network error: Unable to connect to server'
export const SESSION_GONE = 'Authentication failed - please refresh the page'

export class RequestError extends Error {
  constructor(
    public status: number,
    message: string,
    /** The text a person should read: the server's own message when it sent one. */
    public detail: string,
    public body: unknown = null,
  ) {
    super(message)
  }
}

export interface JsonInit {
  method?: string
  /** Sent as JSON; a `Blob`/`File` is sent as it is (uploads). */
  body?: unknown
  signal?: AbortSignal
  headers?: Record<string, string>
}

export interface JsonAnswer<T> {
  ok: boolean
  status: number
  /** The parsed body; `{}` when the answer was empty or not JSON. */
  data: T
  /** For a non-OK answer, what a person should read; '' when ok. */
  detail: string
  /** The raw text of the answer. */
  text: string
}

function requestInit(init: JsonInit): RequestInit {
  const raw = typeof Blob !== 'undefined' && init.body instanceof Blob
  const hasBody = init.body !== undefined
  return {
    method: init.method ?? (hasBody ? 'POST' : 'GET'),
    credentials: 'same-origin',
    cache: 'no-store',
    signal: init.signal,
    headers: { accept: 'application/json', ...(hasBody && !raw ? { 'content-type': 'application/json' } : {}), ...init.headers },
    body: !hasBody ? undefined : raw ? (init.body as Blob) : JSON.stringify(init.body),
  }
}

/** The message a person should read from an error answer's body. */
function problemText(data: unknown, text: string, status: number): string {
  const d = data as { message?: unknown; error?: unknown } | null
  if (d && typeof d.message === 'string' && d.message) return d.message
  if (d && typeof d.error === 'string' && d.error) return d.error
  if (/<html/i.test(text)) return status === 401 || status === 403 || status < 400 ? SESSION_GONE : `Request failed: ${status}`
  return text.trim() || `Request failed: ${status}`
}

/** Calls a JSON endpoint; HTTP errors come back as `ok: false`, a lost connection throws `NETWORK_ERROR`. */
export async function callJson<T = any>(url: string, init: JsonInit = {}): Promise<JsonAnswer<T>> {
  let res: Response
  try {
    res = await fetch(url, requestInit(init))
  } catch (err) {
    if ((err as Error)?.name === 'AbortError') throw err
    throw new RequestError(0, NETWORK_ERROR, NETWORK_ERROR)
  }
  const text = await res.text().catch(() => '')
  let data: any = {}
  let html = false
  try {
    data = text ? JSON.parse(text) : {}
  } catch {
    html = /<html/i.test(text)
  }
  // A page where JSON was expected: the session ended and the server sent its sign-in page.
  if (html && res.ok) return { ok: false, status: 401, data, detail: SESSION_GONE, text }
  return { ok: res.ok, status: res.status, data, detail: res.ok ? '' : problemText(data, text, res.status), text }
}

/** Calls a JSON endpoint and answers its body; any failure throws a `RequestError` ('Request failed: {status} {body}'). */
export async function fetchJson<T = any>(url: string, init: JsonInit = {}): Promise<T> {
  const answer = await callJson<T>(url, init)
  if (!answer.ok) throw new RequestError(answer.status, `Request failed: ${answer.status} ${answer.text}`, answer.detail, answer.data)
  return answer.data
}

/** A call that never got an answer, as an answer: `ok: false`, status 0, the error's text as `detail`. An abort still throws. */
export function failedAnswer<T = any>(err: unknown): JsonAnswer<T> {
  if ((err as Error)?.name === 'AbortError') throw err
  return { ok: false, status: 0, data: {} as T, detail: errorText(err, NETWORK_ERROR), text: '' }
}

/** What a person should read for a failed call; `fallback` for errors that carry no message. */
export function errorText(err: unknown, fallback: string): string {
  if (err instanceof RequestError) return err.detail || fallback
  return err instanceof Error && err.message ? err.message : fallback
}
