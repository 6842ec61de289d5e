import type { TrendAnswer } from '../trends'
import { apiKeyInputSchema, decodeCursor, encodeCursor, keyStatus, pageOf, visibilitySummary } from '.'
import { API_ROUTES, matchRoute } from './routes'
import { openApiDocument } from './openapi'
import { referenceOf } from './reference'

describe('API key form', () => {
  it('takes a name, one or both scopes and an optional expiry in days', () => {
    expect(apiKeyInputSchema.parse({ name: '  Weekly   report ', scopes: ['run', 'read', 'run'], expiresInDays: '' })).toEqual({ name: 'Weekly report', scopes: ['read', 'run'], expiresInDays: null })
    expect(apiKeyInputSchema.parse({ name: 'x', scopes: 'read', expiresInDays: '30' })).toEqual({ name: 'x', scopes: ['read'], expiresInDays: 30 })
    const message = (input: unknown) => (apiKeyInputSchema.safeParse(input) as any).error?.issues[0]?.message
    expect(message({ name: '', scopes: ['read'] })).toBe('Give the key a name')
    expect(message({ name: 'x', scopes: [] })).toBe('Choose at least one scope: read or run')
    expect(message({ name: 'x', scopes: ['admin'] })).toBe('Scopes are read and run')
    expect(message({ name: 'x', scopes: ['read'], expiresInDays: '0' })).toBe('Expiry must be a whole number of days from 1 to 365, or blank for no expiry')
    expect(message({ name: 'x', scopes: ['read'], expiresInDays: '366' })).toMatch(/^Expiry must/)
    expect(message({ name: 'x'.repeat(101), scopes: ['read'] })).toBe('Key name must be at most 100 characters')
  })

  it('a key is revoked, expired at its expiry, else active', () => {
    const now = new Date('2026-01-01T12:00:00Z')
    expect(keyStatus({ revokedAt: '2025-12-01T00:00:00Z', expiresAt: null }, now)).toBe('revoked')
    expect(keyStatus({ revokedAt: null, expiresAt: '2026-01-01T12:00:00Z' }, now)).toBe('expired')
    expect(keyStatus({ revokedAt: null, expiresAt: '2026-01-01T12:00:01Z' }, now)).toBe('active')
    expect(keyStatus({ revokedAt: null, expiresAt: null }, now)).toBe('active')
  })
})

describe('cursor paging', () => {
  it('round-trips an id and refuses anything else', () => {
    expect(decodeCursor(encodeCursor(42))).toBe(42)
    expect(decodeCursor('zzz')).toBeNull()
    expect(decodeCursor('')).toBeNull()
    expect(decodeCursor(btoa('v1:-3'))).toBeNull()
    expect(decodeCursor('a/b')).toBeNull()
  })
  it('pages a sorted list: a cursor only while more items follow', () => {
    const items = [9, 7, 5, 3, 1]
    expect(pageOf(items, 2, (x) => x)).toEqual({ items: [9, 7], nextCursor: encodeCursor(7) })
    expect(pageOf(items, 5, (x) => x)).toEqual({ items, nextCursor: null })
    expect(pageOf([], 5, (x: number) => x)).toEqual({ items: [], nextCursor: null })
  })
})

describe('routes and the OpenAPI document', () => {
  it('matches methods and paths, with 405 information', () => {
    expect(matchRoute('GET', '/projects/12/analyses')).toEqual({ id: 'listAnalyses', params: { projectId: '12' } })
    expect(matchRoute('POST', '/projects/12/analyses')).toEqual({ id: 'startAnalysis', params: { projectId: '12' } })
    expect(matchRoute('GET', '/projects/')).toEqual({ id: 'listProjects', params: {} })
    expect(matchRoute('DELETE', '/projects')).toEqual({ id: null, allowed: ['GET'] })
    expect(matchRoute('GET', '/nope')).toEqual({ id: null, allowed: [] })
    expect(matchRoute('GET', '/projects/%zz')).toEqual({ id: 'getProject', params: { projectId: '%zz' } })
  })

  it('documents every route as OpenAPI 3.1 with its scope, bearer security and the error shape', () => {
    const doc = openApiDocument() as any
    expect(doc.openapi).toBe('3.1.0')
    const ops = Object.entries<any>(doc.paths).flatMap(([path, item]) => Object.entries<any>(item).map(([method, op]) => ({ path, method, op })))
    expect(ops.map((o) => o.op.operationId).sort()).toEqual(Object.keys(API_ROUTES).sort())
    for (const { op } of ops) {
      expect(op['x-scope']).toMatch(/^(read|run)$/)
      expect(op.security).toEqual([{ apiKey: [] }])
      expect(op.responses['401'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Error' })
    }
    expect(doc.components.schemas.Rate.required).toEqual(['value', 'x', 'n', 'interval'])
    // The reference page lists every operation with its answer's fields.
    const ref = referenceOf(doc)
    expect(ref).toHaveLength(ops.length)
    const visibility = ref.find((r) => r.id === 'getVisibility')!
    expect(visibility.response.map((f) => f.path)).toEqual(expect.arrayContaining(['combined.answered', 'combined.brands[].rankRate.interval', 'models[].brands[].mentionShare.n']))
  })
})

describe('the results, answer and visibility contracts', () => {
  it('documents each results tab as its own schema, told apart by tab', () => {
    const doc = openApiDocument() as any
    const data = doc.components.schemas.Results.properties.data
    expect(data.discriminator.propertyName).toBe('tab')
    expect(Object.keys(data.discriminator.mapping).sort()).toEqual(
      ['api-data', 'audiences', 'brand-rank', 'mentions', 'overview', 'ranking-detail', 'sentiment', 'sentiment-detail', 'share-of-model', 'topics'],
    )
    expect(data.oneOf).toHaveLength(10)
    const overview = doc.components.schemas.OverviewData
    expect(overview.properties.tab).toEqual({ type: 'string', enum: ['overview'] })
    expect(overview.required).toEqual(['tab', 'brands', 'summary', 'ownRankPosition', 'hasAnswers'])
    const row = doc.components.schemas.BrandRankData.properties.rows.items
    expect(row.required).toEqual(expect.arrayContaining(['byModel', 'combined', 'visibility']))
    // A nullable nested schema really admits null (a nullable $ref would lose it).
    expect(row.properties.spread.type).toEqual(['object', 'null'])
    expect(doc.components.schemas.Rate.properties.interval.type).toEqual(['object', 'null'])
    expect(doc.components.schemas.Analysis.properties.progress.anyOf).toEqual(expect.arrayContaining([{ $ref: '#/components/schemas/Progress' }, { type: 'null' }]))
  })

  it('an answer says how it was collected; visibility names which of its two definitions it is', () => {
    const doc = openApiDocument() as any
    const answer = doc.components.schemas.Answer
    expect(answer.required).toContain('collection')
    expect(answer.properties.collection.type).toEqual(['object', 'null'])
    expect(answer.properties.collection.required).toEqual(['provider', 'api', 'model', 'webSearch', 'endpoint', 'demo'])
    expect(doc.info.description).toContain('Two figures with two names')
    // the answer-level figure has its own name; its old name stays, marked deprecated
    // (a named schema with its own description and flags is written as allOf [$ref, { … }])
    const own = (property: any) => Object.assign({}, ...property.allOf)
    const brand = doc.components.schemas.VisibilityGroup.properties.brands.items
    expect(own(brand.properties.rankRate).description).toMatch(/^Rank rate: answers that rank the brand/)
    expect(own(brand.properties.visibility).deprecated).toBe(true)
    expect(own(doc.components.schemas.Trends.properties.days.items.properties.brands.additionalProperties.properties.visibility).deprecated).toBe(true)
    expect(doc.info.description).toContain('n is always 6, also when fewer models ran')
    expect(doc.paths['/analyses/{analysisId}/visibility'].get.description).toContain('This is not the Visibility % of the results screens')
    expect(doc.paths['/analyses/{analysisId}/results'].get.description).toContain("Visibility here is the screen's")
    const brandRankVisibility = doc.components.schemas.BrandRankData.properties.rows.items.properties.visibility
    expect(brandRankVisibility.description).toMatch(/^Visibility % of the results screens, in \/results/)
  })
})

describe('visibility summary', () => {
  it('per model and combined: n, rates with Wilson intervals and the combined rank, worked by hand', () => {
    // Two models, one query, two samples each. Model 3: Acme ranked 1 in sample 1 only; model 8: Acme ranked 2 in both, one blank answer more.
    const answers = [
      { modelId: 3, queryIndex: 0, sample: 1, ok: true, mentions: { Acme: 2, Beta: 1 }, rankings: { Acme: 1, Beta: 2 } },
      { modelId: 3, queryIndex: 0, sample: 2, ok: true, mentions: { Acme: 1 }, rankings: {} },
      { modelId: 8, queryIndex: 0, sample: 1, ok: true, mentions: { Acme: 1, Beta: 1 }, rankings: { Acme: 2, Beta: 1 } },
      { modelId: 8, queryIndex: 0, sample: 2, ok: true, mentions: { Acme: 1, Beta: 1 }, rankings: { Acme: 2, Beta: 1 } },
      { modelId: 8, queryIndex: 0, sample: 3, ok: false, mentions: {}, rankings: {} },
    ] as TrendAnswer[]
    const v = visibilitySummary({ analysisId: 1, date: '2025-01-01', queries: [{ index: 0, query: 'q' }], brands: [{ name: 'Acme', isOwn: true }, { name: 'Beta', isOwn: false }], answers })
    const acme = v.combined.brands[0]
    expect(v.combined.answered).toBe(4)
    // Mentions: Acme 2+1+1+1 = 5 of 8 = 62.5 %; Wilson(5, 8): centre (0.625 + 1.9208 / 8) / 1.4802 = 0.5845, half (1.96 / 1.4802) x sqrt(0.0293 + 0.0150) = 0.2787 -> 30.6-86.3.
    expect(acme.mentionShare).toEqual({ value: 62.5, x: 5, n: 8, interval: { low: 30.6, high: 86.3 } })
    // Ranked in 3 of 4 answered = 75 %; Wilson(3, 4) = 30.1-95.4. Rank: model 3 -> 1, model 8 -> 2, combined 1.5.
    expect(acme.rankRate).toEqual({ value: 75, x: 3, n: 4, interval: { low: 30.1, high: 95.4 } })
    expect(acme.visibility).toEqual(acme.rankRate) // the deprecated old name
    expect(acme.rank).toBe(1.5)
    expect(v.models.map((g) => [g.modelId, g.model, g.answered])).toEqual([[3, 'Claude Sonnet 4', 2], [8, 'ChatGPT 5', 2]])
    expect(v.models[0].brands[0].rankRate).toMatchObject({ x: 1, n: 2, value: 50 })
  })
})

describe('the API conventions in the document', () => {
  it('says when 401 and when 403, the error format and the rate limits; every operation names its MCP tool and may answer 429', () => {
    const doc = openApiDocument() as any
    const text = doc.info.description as string
    expect(text).toContain('**401 or 403.** 401 means the key is missing or not valid (with `WWW-Authenticate: Bearer`)')
    expect(text).toContain('**Errors.** Always JSON `{ "error": { "code", "message" } }`')
    expect(text).toContain('10 failed keys from one address in 10 minutes')
    const ops = Object.values<any>(doc.paths).flatMap((item) => Object.values<any>(item))
    for (const op of ops) {
      expect(op['x-mcp-tool'], op.operationId).toMatch(/^[a-z_]+$/)
      expect(op.responses['429'].description).toMatch(/Retry-After/)
    }
    expect(doc.paths['/analyses/{analysisId}'].get.description).toContain('summaries (counts per model) with a link (href) to the full insights')
  })
})
