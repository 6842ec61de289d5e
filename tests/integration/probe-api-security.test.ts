/**
 * The re-run of the API security probe against the running app, with figures printed as JSON (for the
 * security review). Off by default (PROBE=1 npm test -- tests/integration/probe-api-security.test.ts): it spends
 * several sign-ups and model-budget calls that the suite does not need; tests/integration/api-conventions.test.ts
 * holds the pass/fail checks of the same points.
 */
import { createServer, type AddressInfo } from 'node:net'
import * as XLSX from 'xlsx'
import { describe, expect, it } from 'vitest'
import { sql, signUp, uniqueEmail } from '../support/flows'
import { HttpClient } from '../support/http-client'
import { seedHandWorkedAnalysis } from '../support/hand-worked-analysis'
import { createKey, KeyClient } from '../support/api-keys'
import { API_ROUTES } from '../../app/domain/api/routes'

describe.runIf(process.env.PROBE === '1')('API security probe, re-run', () => {
  it('prints the figures of every point', async () => {
    const figures: Record<string, unknown> = {}

    // 1. Key-only endpoints without a key, from a non-browser client.
    const bare = new HttpClient()
    const noKey = await Promise.all([
      bare.request('POST', '/mcp', { noOrigin: true, json: { jsonrpc: '2.0', id: 1, method: 'initialize' }, headers: { accept: 'application/json, text/event-stream' } }),
      bare.request('POST', '/api/v1/projects/1/analyses', { noOrigin: true, json: {} }),
    ])
    figures.noKey = noKey.map((r) => ({ status: r.status, wwwAuthenticate: r.headers['www-authenticate'], message: r.body?.error?.message }))

    // 2. IPv4-compatible and other embedded-IPv4 IPv6 forms at the optimiser; a listener counts connections.
    let connections = 0
    const listener = createServer((s) => (connections++, s.destroy()))
    await new Promise<void>((r) => listener.listen(0, '127.0.0.1', r))
    const port = (listener.address() as AddressInfo).port
    const forms = ['[::127.0.0.1]', '[::7f00:1]', '[::a00:1]', '[::ffff:7f00:1]', '[64:ff9b::7f00:1]', '[2002:7f00:1::1]', '[2001:0:4136:e378:8000:63bf:3fff:fdd2]', 'localhost.']
    const user = await signUp()
    const refused: Record<string, number> = {}
    for (const host of forms) {
      const res = await user.json('/api/content/optimiser-v2/relevance', { method: 'POST', json: { prompt: 'best shoes', url: `http://${host}:${port}/` } })
      refused[host] = res.status
    }
    listener.close()
    figures.ssrf = { tried: forms.length, refused: Object.values(refused).filter((s) => s === 400).length, statuses: refused, listenerConnections: connections }

    // 3. Host header spoofing.
    const spoof = await bare.request('POST', '/api/auth/login', { json: { email: uniqueEmail('p'), password: 'x' }, headers: { host: 'evil.example', origin: 'http://evil.example' } })
    figures.hostSpoof = spoof.status

    // 4. 300 random keys from one address.
    const guesser = new HttpClient('127.0.0.61')
    const counts: Record<number, number> = {}
    for (let i = 0; i < 300; i++) {
      const r = await guesser.request('GET', '/api/v1/me', { headers: { authorization: `Bearer abv_${Math.random().toString(36).slice(2)}${'q'.repeat(30)}` } })
      counts[r.status] = (counts[r.status] ?? 0) + 1
    }
    figures.randomKeys = counts

    // 5. Formula cells in the server xlsx report.
    const seeded = await seedHandWorkedAnalysis()
    const db = await sql()
    await db`update projects set name = ${'=HYPERLINK("https://evil.example","x")'} where id = ${seeded.projectId}`
    const file = await seeded.owner.request(`/api/analyses/${seeded.analysisId}/report?format=xlsx`)
    const wb = XLSX.read(Buffer.from(await file.arrayBuffer()), { type: 'buffer', cellFormula: true })
    const cells = Object.values(wb.Sheets).flatMap((ws) => Object.entries(ws).filter(([k]) => !k.startsWith('!')).map(([, c]) => c as XLSX.CellObject))
    figures.xlsx = { cells: cells.length, formulas: cells.filter((c) => c.f !== undefined).length, textStartingLikeAFormula: cells.filter((c) => c.t === 's' && /^[=+\-@\t\r]/.test(String(c.v))).length }

    // 6. Webhook URL with a trailing-dot local name.
    const hook = await seeded.owner.json(`/api/projects/${seeded.projectId}/alert-webhook`, { method: 'POST', json: { url: 'https://localhost./x' } })
    figures.webhookLocalhostDot = { status: hook.status, message: hook.body.message }

    // 7. The session cookie over plain http (APP_URL is http in the test stack).
    const signin = await new HttpClient().request('POST', '/api/auth/signup', { json: { email: uniqueEmail('cookie'), password: 'quiet lantern over the marsh' } })
    figures.cookieSecureOverHttp = /;\s*Secure/i.test(String(signin.headers['set-cookie']))

    // 8. Admin from an unverified address.
    const adminLocal = await new HttpClient().request('POST', '/api/auth/signup', { json: { email: 'admin@example.test', password: 'quiet lantern over the marsh' } })
    figures.adminEmailLocalSignUp = { status: adminLocal.status, isAdmin: adminLocal.body?.user?.isAdmin ?? null }

    // 9. Enumeration errors.
    const key = (await createKey(seeded.owner, 'Probe', ['read', 'run'])).key
    figures.enumError = (await new KeyClient(key).call(`/api/v1/analyses/${seeded.analysisId}/sources?set=blog`)).body.error.message

    // 10. MCP parity.
    const tools = await new KeyClient(key).call('/mcp', { method: 'POST', json: { jsonrpc: '2.0', id: 1, method: 'tools/list' }, headers: { accept: 'application/json, text/event-stream' } })
    figures.mcp = { tools: tools.body.result.tools.length, operations: Object.keys(API_ROUTES).length }

    // 11. The Analysis entity's fields.
    const analysis = (await seeded.owner.json(`/api/analyses/${seeded.analysisId}`)).body
    figures.analysisFields = ['searchInsightsStatus', 'searchInsights', 'enhancedSearchInsights', 'dualSearchInsights', 'modelResults'].filter((k) => k in analysis)

    console.log(`API security probe: ${JSON.stringify(figures, null, 2)}`)
    expect(figures.ssrf).toMatchObject({ refused: forms.length, listenerConnections: 0 })
    expect(counts[500] ?? 0).toBe(0)
    for (const c of [bare, guesser]) c.close()
  }, 300_000)
})
