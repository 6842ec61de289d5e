import { describe, expect, it } from 'vitest'
import { mcpTools } from './mcp.server'
import { API_ROUTES, type ApiRouteDef } from '../domain/api/routes'

describe('MCP parity: one tool per /api/v1 operation, from the route table', () => {
  const tools = mcpTools()

  it('the tool list is exactly the route table, each name once', () => {
    expect(tools.map((t) => t.id).sort()).toEqual(Object.keys(API_ROUTES).sort())
    expect(new Set(tools.map((t) => t.name)).size).toBe(tools.length)
    // Starting an analysis, managing the schedule and exporting are among them.
    expect(tools.map((t) => t.name)).toEqual(expect.arrayContaining(['start_analysis', 'add_model', 'cancel_analysis', 'get_schedule', 'change_schedule', 'export_report']))
  })

  it("each tool's arguments are its route's path, query and body fields, with the route's scope in the description", () => {
    for (const t of tools) {
      const def: ApiRouteDef = API_ROUTES[t.id]
      const bodyFields: Record<string, string[]> = {
        add_model: ['modelId'], start_analysis: ['again'], change_schedule: ['action', 'hour', 'timeZone'],
        upload_logs: ['content', 'encoding', 'format', 'csv', 'fileName'], record_experiment: ['description', 'urls', 'changeDate', 'treated', 'control'],
      }
      const fields = [...Object.keys(def.params?.shape ?? {}), ...Object.keys(def.query?.shape ?? {}), ...(bodyFields[t.name] ?? [])]
      expect(Boolean(def.body), t.name).toBe(t.name in bodyFields)
      expect(Object.keys(t.inputSchema.properties ?? {}).sort(), t.name).toEqual(fields.sort())
      expect(t.description, t.name).toContain(`Needs a key with the ${def.scope} scope.`)
      expect(t.annotations?.readOnlyHint, t.name).toBe(def.method === 'get')
    }
    const start = tools.find((t) => t.name === 'start_analysis')!
    expect(start.inputSchema).toMatchObject({ required: ['projectId'], properties: { projectId: { type: 'integer', minimum: 1, maximum: 2147483647 } } })
    const schedule = tools.find((t) => t.name === 'change_schedule')!
    expect(schedule.inputSchema.required).toEqual(expect.arrayContaining(['projectId', 'action']))
    expect((schedule.inputSchema.properties as any).action.enum).toEqual(['enable', 'pause', 'resume', 'delete', 'trigger'])
  })
})
