/**
 * The MCP server: the official TypeScript SDK's server over its web-standard streamable HTTP
 * transport at /mcp, authenticated with a personal API key (Authorization: Bearer abv_…). Its tools are generated
 * from the /api/v1 route table, one per operation: the tool's name and description come from the route, its input
 * JSON Schema is the route's path, query and body parameters as the OpenAPI document publishes them, and a call
 * runs the same operation (runOperation: the same zod schemas, scope and access rules, quotas, rate limits and cost
 * cap). Stateless: a fresh server and transport per POST, JSON answers (no SSE stream), so any number of web
 * processes can serve it; GET and DELETE answer 405 as the transport's stateless mode expects. Every HTTP request
 * and every tool call is logged against the key.
 */
import type { AppLoadContext } from '@remix-run/node'
import { Server } from '@modelcontextprotocol/sdk/server/index.js'
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js'
import { CallToolRequestSchema, ListToolsRequestSchema, type Tool } from '@modelcontextprotocol/sdk/types.js'
import { clientAddressOf } from './load-context'
import { ApiError, authenticateKey, errorResponse, logCall, runOperation, toApiError, type OpContext } from './api.server'
import { API_VERSION, openApiDocument } from '../domain/api/openapi'
import { API_ROUTES, type ApiRouteDef, type ApiRouteId } from '../domain/api/routes'

type JsonSchema = Record<string, any>

/** A schema of the OpenAPI document with its $ref (one level: the input schemas are flat) replaced by the component. */
function resolve(doc: JsonSchema, schema: JsonSchema | undefined): JsonSchema {
  const ref = typeof schema?.$ref === 'string' ? /^#\/components\/schemas\/(.+)$/.exec(schema.$ref) : null
  return ref ? (doc.components?.schemas?.[ref[1]] ?? {}) : (schema ?? {})
}

interface ToolDef extends Tool {
  id: ApiRouteId
}

/** One tool per route of the table; built once from the OpenAPI document. */
function buildTools(): ToolDef[] {
  const doc = openApiDocument() as JsonSchema
  return (Object.entries(API_ROUTES) as [ApiRouteId, ApiRouteDef][]).map(([id, def]) => {
    const op = doc.paths[def.path][def.method]
    const properties: Record<string, JsonSchema> = {}
    const required: string[] = []
    for (const p of op.parameters ?? []) {
      properties[p.name] = { ...resolve(doc, p.schema), ...(p.description ? { description: p.description } : {}) }
      if (p.required) required.push(p.name)
    }
    if (op.requestBody) {
      const body = resolve(doc, op.requestBody.content['application/json'].schema)
      Object.assign(properties, body.properties ?? {})
      required.push(...(body.required ?? []))
    }
    const description = `${def.tool.description ?? `${def.summary}. ${def.description}`} Needs a key with the ${def.scope} scope.`
    return {
      id,
      name: def.tool.name,
      description,
      inputSchema: { type: 'object' as const, properties, ...(required.length ? { required } : {}) },
      annotations: { readOnlyHint: def.method === 'get' },
    }
  })
}

let tools: ToolDef[] | null = null
/** The MCP tools: exactly the route table's operations. */
export const mcpTools = () => (tools ??= buildTools())

const asText = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : JSON.stringify(v))

/** A tool's arguments as the operation's raw inputs: path and query values as URL text, the rest as the JSON body. */
function inputsOf(def: ApiRouteDef, args: Record<string, unknown>) {
  const pick = (names: string[]) => Object.fromEntries(names.filter((n) => args[n] !== undefined && args[n] !== null).map((n) => [n, asText(args[n])]))
  const paramNames = Object.keys(def.params?.shape ?? {})
  const queryNames = Object.keys(def.query?.shape ?? {})
  const rest = Object.keys(args).filter((k) => !paramNames.includes(k) && !queryNames.includes(k))
  if (rest.length && !def.body) {
    const known = [...paramNames, ...queryNames]
    throw new ApiError(400, 'invalid_request', `Unknown argument ${rest.join(', ')} (arguments: ${known.join(', ') || 'none'})`)
  }
  return { params: pick(paramNames), query: pick(queryNames), body: def.body ? Object.fromEntries(rest.map((k) => [k, args[k]])) : undefined }
}

function buildServer(ctx: OpContext) {
  const server = new Server({ name: 'ai-brand-visibility', version: API_VERSION }, { capabilities: { tools: {} } })
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: mcpTools().map(({ id: _id, ...tool }) => tool) }))
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const name = request.params.name
    let status = 200
    try {
      const tool = mcpTools().find((t) => t.name === name)
      if (!tool) throw new ApiError(404, 'not_found', `No tool ${name}: tools/list names them.`)
      const result = await runOperation(tool.id, ctx, inputsOf(API_ROUTES[tool.id], request.params.arguments ?? {}))
      // Structured content must be an object: every operation answers one.
      return { content: [{ type: 'text' as const, text: JSON.stringify(result) }], structuredContent: result as Record<string, unknown> }
    } catch (err) {
      const e = await toApiError(err)
      status = e.status
      return { isError: true, content: [{ type: 'text' as const, text: JSON.stringify({ error: { code: e.code, message: e.message } }) }] }
    } finally {
      await logCall(ctx.principal.key.id, { method: 'TOOL', path: `/mcp/${name}`.slice(0, 200) }, status, ctx.clientAddress)
    }
  })
  return server
}

const methodNotAllowed = () =>
  new Response(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed: this MCP server is stateless; POST JSON-RPC messages to /mcp.' }, id: null }), {
    status: 405,
    headers: { 'Content-Type': 'application/json', Allow: 'POST' },
  })

/** POST /mcp: one JSON-RPC exchange with a fresh server bound to the key's user. */
export async function handleMcpRequest(request: Request, context: AppLoadContext): Promise<Response> {
  const clientAddress = clientAddressOf(context)
  let ctx: OpContext
  try {
    ctx = { principal: await authenticateKey(request, clientAddress), clientAddress }
  } catch (err) {
    return errorResponse(await toApiError(err))
  }
  let response: Response
  if (request.method !== 'POST') response = methodNotAllowed()
  else {
    const server = buildServer(ctx)
    const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true })
    try {
      await server.connect(transport)
      response = await transport.handleRequest(request)
      // The JSON answer is complete once handleRequest resolves: the per-request server can go.
      const body = await response.arrayBuffer()
      response = new Response(body.byteLength ? body : null, { status: response.status, headers: response.headers })
    } finally {
      await server.close().catch(() => {})
    }
  }
  await logCall(ctx.principal.key.id, request, response.status, clientAddress)
  response.headers.set('Cache-Control', 'no-store')
  return response
}
