/** The API's error: a status, a stable code and a message for a person; `{ error: { code, message } }` on the wire. */
import { json } from '@remix-run/node'

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message)
  }
}

const CODES: Record<number, string> = {
  400: 'invalid_request', 401: 'unauthorized', 403: 'forbidden', 404: 'not_found', 405: 'method_not_allowed', 409: 'conflict',
  410: 'gone', 413: 'payload_too_large', 429: 'rate_limited', 503: 'unavailable',
}

/** Whatever a handler threw as an ApiError: an app function's thrown JSON Response keeps its status and message. */
export async function toApiError(err: unknown): Promise<ApiError> {
  if (err instanceof ApiError) return err
  if (err instanceof Response && err.status >= 400 && err.status < 600) {
    let message = err.statusText || 'Request failed'
    try {
      const body = (await err.clone().json()) as { message?: unknown; error?: unknown }
      const m = typeof body.message === 'string' ? body.message : typeof body.error === 'string' ? body.error : null
      if (m) message = m
    } catch {}
    const retry = err.headers.get('Retry-After')
    return new ApiError(err.status, CODES[err.status] ?? (err.status >= 500 ? 'internal_error' : 'invalid_request'), message, retry ? { 'Retry-After': retry } : {})
  }
  console.error('api: unexpected error', err)
  return new ApiError(500, 'internal_error', 'Something went wrong on our side. Try again later.')
}

export function errorResponse(e: ApiError): Response {
  return json({ error: { code: e.code, message: e.message } }, { status: e.status, headers: { 'Cache-Control': 'no-store', ...e.headers } })
}

export const badRequest = (message: string) => new ApiError(400, 'invalid_request', message)
