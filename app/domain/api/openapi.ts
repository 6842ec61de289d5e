/** The OpenAPI 3.1 document of /api/v1, generated from the route table and its zod schemas. Pure. */
import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi'
import { API_ROUTES, type ApiRouteDef } from './routes'
import { errorSchema } from './schemas'
import { VISIBILITY_DEFINITIONS } from './results'

export const API_VERSION = '1.0.0'

const ERRORS: Record<number, string> = {
  400: 'The request is not valid (invalid_request).',
  401: 'No key, an unknown, revoked or expired key (unauthorized).',
  403: 'The key lacks the scope (insufficient_scope), or its user may see but not change this (forbidden).',
  404: 'Not found, or not visible to the key\'s user (not_found).',
  409: 'Conflicts with the current state (conflict, analysis_not_completed).',
  429: 'The user\'s rate limit or daily cost cap (rate_limited); Retry-After says when to retry.',
}

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
    const errorCodes = [400, 401, 403, 404, ...(def.method === 'post' || id === 'getResults' ? [409] : []), ...(def.method === 'post' ? [429] : [])]
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
        'Two figures with two names, never mixed: (1) ' + VISIBILITY_DEFINITIONS.screen + ' (2) ' + VISIBILITY_DEFINITIONS.answers,
    },
    servers: [{ url: serverUrl }],
    security: [{ apiKey: [] }],
  })
  if (serverUrl === '/api/v1') cached = doc
  return doc
}
