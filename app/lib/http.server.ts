import { json } from '@remix-run/node'
import type { z } from 'zod'
import { errorMessage, idFrom, issueMessage } from '../domain/validation'

/** Error responses with a message a user understands; thrown from loaders and actions. */
export function badRequest(message: string, fieldErrors?: Record<string, string>): never {
  throw json({ error: message, message, fieldErrors }, { status: 400 })
}
export function forbidden(message: string): never {
  throw json({ error: message, message }, { status: 403 })
}
export function notFound(message = 'Not found'): never {
  throw json({ error: message, message }, { status: 404 })
}
export function conflict(message: string): never {
  throw json({ error: message, message }, { status: 409 })
}
/** 429 with Retry-After (whole seconds, at least 1). */
export function tooManyRequests(message: string, retryAfterSeconds: number): never {
  throw json({ error: message, message, retryAfterSeconds }, { status: 429, headers: { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) } })
}

/** Reads a JSON (or form) body and validates it; any problem is a 400 naming the first bad field. */
export async function parseBody<S extends z.ZodTypeAny>(request: Request, schema: S): Promise<z.infer<S>> {
  let data: unknown
  const type = request.headers.get('content-type') ?? ''
  try {
    if (type.includes('application/json')) data = await request.json()
    else if (type.includes('form')) data = Object.fromEntries(await request.formData())
    else {
      const text = await request.text()
      data = text.trim() ? JSON.parse(text) : {}
    }
  } catch {
    badRequest('The request body is not valid JSON.')
  }
  const parsed = schema.safeParse(data ?? {})
  if (!parsed.success) {
    const fieldErrors: Record<string, string> = {}
    for (const issue of parsed.error.issues) {
      const key = issue.path.join('.') || 'body'
      fieldErrors[key] ??= issueMessage(issue, data)
    }
    badRequest(errorMessage(parsed.error, undefined, data), fieldErrors)
  }
  return parsed.data
}

/** A path parameter that must be an id (digits, 1 to 2147483647); anything else is a 404. */
export function intParam(value: string | undefined, what = 'id'): number {
  const n = idFrom(value)
  if (n === null) notFound(`No such ${what}`)
  return n
}

/** An optional id in the query string (?analysis=…): null when absent or not a valid id. */
export function idSearchParam(url: URL, name: string): number | null {
  return idFrom(url.searchParams.get(name))
}

/** Only these methods reach an action; others answer 405 instead of an error page. */
export function requireMethod(request: Request, ...methods: string[]) {
  if (!methods.includes(request.method)) throw json({ error: `Method ${request.method} not allowed` }, { status: 405 })
}
