import { json, type LoaderFunctionArgs } from '@remix-run/node'
import { openApiDocument } from '~/lib/api.server'

/** GET /api/v1/openapi.json: the OpenAPI 3.1 document, generated from the routes' zod schemas. Public. */
export function loader(_: LoaderFunctionArgs) {
  return json(openApiDocument(), { headers: { 'Cache-Control': 'public, max-age=300', 'Access-Control-Allow-Origin': '*' } })
}
