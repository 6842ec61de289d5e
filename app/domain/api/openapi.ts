/** The OpenAPI 3.1 document of /api/v1, generated from the route table and its zod schemas. Pure. */
import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi'
import { API_ROUTES, type ApiRouteDef } from './routes'
import { errorSchema } from './schemas'
import { VISIBILITY_DEFINITIONS } from './results'

export const API_VERSION = '1.0.0'

const ERRORS: Record<number, string> = {
  400: 'The request is not valid (invalid_request): the message names the field; a value outside an enumeration names the value given and the accepted values.',
  401: 'Who are you? No key ("API key required"), or an unknown, malformed, revoked or expired key (unauthorized). Comes with WWW-Authenticate: Bearer.',
  403: 'We know who you are, and the answer is no: the key lacks the scope (insufficient_scope), or its user may see but not change this (forbidden).',
  404: 'Not found, or not visible to the key\'s user (not_found): another user\'s data is never told apart from missing data.',
  409: 'Conflicts with the current state (conflict, analysis_not_completed).',
  429: 'Too many: the user\'s model-call rate limit or daily cost cap, or too many failed keys from this address (rate_limited); Retry-After says when to retry.',
}

/** The conventions every route follows, in the document's description (and the README's "API conventions"). */
const CONVENTIONS = [
  '**Authentication.** `Authorization: Bearer abv_…` with a personal key from Profile & Limits; the key acts as its user (roles, quotas, rate limits, cost cap). A session cookie never authorises /api/v1 or /mcp.',
  '**401 or 403.** 401 means the key is missing or not valid (with `WWW-Authenticate: Bearer`): send a valid key. 403 means the key is valid but may not do this: another scope, or read-only access to the project.',
  '**Errors.** Always JSON `{ "error": { "code", "message" } }`; the code is stable and machine-readable, the message is for a person and names the field (`set \'best\' is not one of: enhanced, basic, all`). Never a 500 for bad input.',
  '**Rate limits.** Routes that call a model count against MODEL_CALLS_PER_USER_PER_MINUTE (10) and MODEL_CALLS_PER_ADDRESS_PER_MINUTE (30) and the daily cost cap; 10 failed keys from one address in 10 minutes refuse every key from it until the 10 minutes are over. Each answers 429 with `Retry-After` (seconds).',
  '**Paging.** `limit` (1-100) and `cursor` → `nextCursor` (null on the last page). Dates are ISO 8601 in UTC.',
  '**MCP.** /mcp serves one tool per operation here, named in `x-mcp-tool`, with the same arguments (path, query and body fields), scope and rules.',
].join('\n\n')

let cached: ReturnType<OpenApiGeneratorV31['generateDocument']> | null = null

export function openApiDocument(serverUrl = '/api/v1') {
  if (cached && serverUrl === '/api/v1') return cached
  const registry = new OpenAPIRegistry()
  const bearer = registry.registerComponent('securitySchemes', 'apiKey', {
    type: 'http',
    scheme: 'bearer',
    description: 'A personal API key from Profile & Limits: `Authorization: Bearer abv_…`. A session cookie never authorises /api/v1.',
  })
  registry.register('Error', errorSchema)
  for (const [id, def] of Object.entries(API_ROUTES) as [string, ApiRouteDef][]) {
    // Every route can answer 429: too many failed keys from the address is checked before any route.
    const errorCodes = [400, 401, 403, 404, ...(def.method === 'post' || id === 'getResults' ? [409] : []), 429]
    registry.registerPath({
      operationId: id,
      method: def.method,
      path: def.path,
      tags: [def.tag],
      summary: def.summary,
      description: `${def.description}\n\nScope: \`${def.scope}\`.`,
      security: [{ [bearer.name]: [] }],
      request: {
        ...(def.params ? { params: def.params } : {}),
        ...(def.query ? { query: def.query } : {}),
        ...(def.body ? { body: { required: true, content: { 'application/json': { schema: def.body } } } } : {}),
      },
      responses: {
        [def.status]: { description: 'OK', content: { 'application/json': { schema: def.response } } },
        ...Object.fromEntries(errorCodes.map((code) => [code, { description: ERRORS[code], content: { 'application/json': { schema: errorSchema } } }])),
      },
      'x-scope': def.scope,
      'x-mcp-tool': def.tool.name,
    } as any)
  }
  const doc = new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'AI Brand Visibility API',
      version: API_VERSION,
      description:
        'Read projects, analyses, results, answers, source insights and trends, and start runs, with a personal API key. ' +
        'JSON with stable field names, ISO 8601 dates, cursor paging (limit, cursor → nextCursor) and errors as { "error": { "code", "message" } }.\n\n' +
        'Two figures with two names, never mixed: (1) ' + VISIBILITY_DEFINITIONS.screen + ' (2) ' + VISIBILITY_DEFINITIONS.answers +
        '\n\n' + CONVENTIONS,
    },
    servers: [{ url: serverUrl }],
    security: [{ apiKey: [] }],
  })
  if (serverUrl === '/api/v1') cached = doc
  return doc
}
