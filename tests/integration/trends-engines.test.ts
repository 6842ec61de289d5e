/**
 * Trends with the engines: two daily analyses seeded in the database (tests/support/trends-engines-fixtures.ts), each asked of ChatGPT 5 (API, model 8) and
 * Google AI Overview (model 11), two queries, one sample. On day 2 the AI Overview is absent for query 1: the answer
 * is stored as the engine stores it (ok, empty, parsed_data.absent). Read through the app's trends route and the
 * public API with a key; every figure is worked out by hand below.
 *
 *            day 1 (2025-04-01)                          day 2 (2025-04-02)
 *   8  q0    Acme 1 (rank 1)                             Acme 1 (rank 2), Rival 1 (rank 1)
 *   8  q1    Rival 2 (rank 1)                            Rival 1 (rank 1)
 *   11 q0    Acme 1 (rank 1)                             Rival 1 (rank 1)
 *   11 q1    Acme 1 (rank 2), Rival 1 (rank 1)           no AI Overview (absent)
 */
import { createKey, KeyClient } from '../support/api-keys'
import { ENGINE_TREND_QUERIES as QUERIES, seedEngineTrends as seed } from '../support/trends-engines-fixtures'

// Wilson 95 % intervals (z = 1.96), worked out by hand:
//   2 of 2: centre (1 + 0.9604) / 2.9208 = 0.671, half 0.329 -> 34.2-100
//   1 of 2: centre 0.5, half 1.96 x sqrt(0.125 + 0.2401) / 2.9208 = 0.405 -> 9.5-90.5
//   0 of 2: 0-65.8 (the mirror of 2 of 2);  1 of 1: centre 2.9208 / 4.8416 = 0.603, half 0.397 -> 20.7-100;  0 of 1: 0-79.3
const r2of2 = { value: 100, x: 2, n: 2, interval: { low: 34.2, high: 100 } }
const r1of2 = { value: 50, x: 1, n: 2, interval: { low: 9.5, high: 90.5 } }
const r0of2 = { value: 0, x: 0, n: 2, interval: { low: 0, high: 65.8 } }
const r1of1 = { value: 100, x: 1, n: 1, interval: { low: 20.7, high: 100 } }
const r0of1 = { value: 0, x: 0, n: 1, interval: { low: 0, high: 79.3 } }
const r0of0 = { value: 0, x: 0, n: 0, interval: null }

describe('Trends: every model the analyses hold, an absent AI Overview in no n', () => {
  let seeded: Awaited<ReturnType<typeof seed>>
  beforeAll(async () => {
    seeded = await seed()
  })

  it('lists the models with their catalogue names and colours, and each day per model by hand', async () => {
    const { status, body } = await seeded.owner.json(`/api/projects/${seeded.projectId}/trends`)
    expect(status).toBe(200)
    expect(body.models).toEqual([
      { id: 8, filter: 'gpt41', name: 'ChatGPT 5', colour: '#10a37f', isEngine: false },
      { id: 11, filter: 'aio', name: 'Google AI Overview', colour: '#fbbc04', isEngine: true },
    ])
    expect(body.modelBrand).toBe('Acme')
    const [d1, d2] = body.days
    // Each model's series is of one brand (modelBrand, default the own brand). Day 1, AI Overview: both queries shown
    // (2 of 2); Acme named in both (2/2), ranked 1 and 2 -> 1.5.
    expect(d1.models['11']).toEqual({ answered: 2, absent: 0, presence: r2of2, brands: { Acme: { mentionRate: r2of2, rankRate: r2of2, rank: 1.5 } } })
    // Day 2, AI Overview: q1 showed none, so n = 1 (q0 only): Acme 0 of 1 (not 0 of 2); presence 1 of 2.
    expect(d2.models['11']).toEqual({ answered: 1, absent: 1, presence: r1of2, brands: { Acme: { mentionRate: r0of1, rankRate: r0of1, rank: null } } })
    // ChatGPT 5 (an API: no presence). Day 1: Acme in q0 (1/2, rank 1); day 2: Acme in q0 only (1/2, rank 2).
    expect(d1.models['8']).toEqual({ answered: 2, absent: 0, presence: null, brands: { Acme: { mentionRate: r1of2, rankRate: r1of2, rank: 1 } } })
    expect(d2.models['8']).toEqual({ answered: 2, absent: 0, presence: null, brands: { Acme: { mentionRate: r1of2, rankRate: r1of2, rank: 2 } } })

    // Another brand's series: Rival. AI Overview day 1: named and ranked in q1 only (1/2), rank 1; day 2: 1 of 1, rank 1.
    // ChatGPT 5 day 2: named in both (2/2), ranked 1 and 1 -> 1.
    const rival = (await seeded.owner.json(`/api/projects/${seeded.projectId}/trends?modelBrand=Rival`)).body
    expect(rival.modelBrand).toBe('Rival')
    expect(rival.days[0].models['11'].brands).toEqual({ Rival: { mentionRate: r1of2, rankRate: r1of2, rank: 1 } })
    expect(rival.days[1].models['11'].brands).toEqual({ Rival: { mentionRate: r1of1, rankRate: r1of1, rank: 1 } })
    expect(rival.days[1].models['8'].brands).toEqual({ Rival: { mentionRate: r2of2, rankRate: r2of2, rank: 1 } })
    // An unknown brand falls back to the own brand, as the topic brand does.
    expect((await seeded.owner.json(`/api/projects/${seeded.projectId}/trends?modelBrand=Nobody`)).body.modelBrand).toBe('Acme')
    // The all-models brand series still counts the six API models only (comparable with days without engines):
    // day 2 mentions Acme 1 (ChatGPT q0), Rival 1 + 1 = 2, answered 2.
    expect(d2.answered).toBe(2)
    expect(d2.brands.Acme.mentions).toBe(1)
    expect(d2.brands.Rival.mentions).toBe(2)
  })

  it('the query with the absent AI Overview: that day is left out of its n', async () => {
    const qs = new URLSearchParams({ query: QUERIES[1] })
    const { body } = await seeded.owner.json(`/api/projects/${seeded.projectId}/trends?${qs}`)
    expect(body.query).toBe(QUERIES[1])
    // AI Overview, q1: day 1 shown, Acme named (1 of 1); day 2 absent (n = 0). ChatGPT 5 never names Acme on q1.
    expect(body.queryModels).toEqual([
      { date: '2025-04-01', models: { 8: { answered: 1, absent: 0, brands: { Acme: r0of1 } }, 11: { answered: 1, absent: 0, brands: { Acme: r1of1 } } } },
      { date: '2025-04-02', models: { 8: { answered: 1, absent: 0, brands: { Acme: r0of1 } }, 11: { answered: 0, absent: 1, brands: { Acme: r0of0 } } } },
    ])
    // Over both days: AI Overview named Acme on 1 of the 1 day it showed an Overview (100 %, n = 1; counting the
    // absent day as "not mentioned" would say 1 of 2 = 50 %). ChatGPT 5: Acme 0 of 2, Rival 2 of 2.
    expect(body.queryModelTotals).toEqual({
      8: { answered: 2, absent: 0, brands: { Acme: r0of2, Rival: r2of2 } },
      11: { answered: 1, absent: 1, brands: { Acme: r1of1, Rival: r1of1 } },
    })
  })

  it('the public API (and so the MCP tool get_trends) carries the same series', async () => {
    const { key } = await createKey(seeded.owner, 'trends engines', ['read'])
    const client = new KeyClient(key)
    const { status, body } = await client.call(`/api/v1/projects/${seeded.projectId}/trends?${new URLSearchParams({ query: QUERIES[1] })}`)
    expect(status).toBe(200)
    expect(body.models.map((m: any) => [m.id, m.name, m.colour])).toEqual([[8, 'ChatGPT 5', '#10a37f'], [11, 'Google AI Overview', '#fbbc04']])
    expect(body.days[1].models['11']).toMatchObject({ answered: 1, absent: 1, presence: r1of2 })
    expect(body.days[1].models['11'].brands.Acme.mentionRate).toEqual(r0of1)
    expect(body.queryModelTotals['11'].brands.Acme).toEqual(r1of1)
    const rival = await client.call(`/api/v1/projects/${seeded.projectId}/trends?${new URLSearchParams({ modelBrand: 'Rival' })}`)
    expect(rival.body.days[1].models['11'].brands).toEqual({ Rival: { mentionRate: r1of1, rankRate: r1of1, rank: 1 } })
  })
})
