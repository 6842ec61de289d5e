/**
 * The public REST API (/api/v1) and the personal API keys it runs on.
 *
 * - A key is `Authorization: Bearer abv_…`; only its SHA-256 is stored. A key acts as its user: every
 *   operation calls the same app/lib functions the app's own routes call (projects, analyses, results,
 *   sources, trends, model budget), so access rules, quotas, rate limits and the cost cap are theirs.
 * - The session cookie is never read here: a signed-in browser without a key gets 401.
 * - Every call made with a known key is logged in api_key_calls (also those refused because the key is
 *   revoked or expired, or lacks the scope); last_used_at moves on each accepted call.
 * - Errors are `{ error: { code, message } }`; an app function's thrown 4xx keeps its status and message.
 *
 * By concern: api/errors (ApiError), api/keys (keys, authentication, call log), api/mappers (stable
 * shapes), api/operations (what each route does), api/dispatcher (REST, and runOperation shared with MCP).
 */
import { openApiDocument } from '../domain/api/openapi'
import { referenceOf } from '../domain/api/reference'

export * from './api/errors.server'
export * from './api/keys.server'
export * from './api/operations.server'
export { handleApiRequest, runOperation, type RawInput } from './api/dispatcher.server'

export { openApiDocument }

/** The reference page's content (GET /api/v1/docs), from the OpenAPI document. */
export function apiReference() {
  const doc = openApiDocument()
  return { title: doc.info.title, version: doc.info.version, intro: doc.info.description ?? '', operations: referenceOf(doc as any) }
}
