/**
 * Hand-chosen AI search volumes for the hand-worked analysis's three queries (tests/support/hand-worked-analysis.ts,
 * United Kingdom, English: location 2826, language en), and every figure they give, worked out by hand.
 * Brooks's visibility per query (QUERY_RANK): 33, 33, 17.
 */
import { QUERIES } from './hand-worked-analysis'
import { sql } from './flows'

export const HAND_VOLUMES = [1234, null, 2766] as const
/** The first query's last two months as stored (oldest first): 987 in Sep, 1234 in Oct 2026. */
const HISTORY = [{ month: '2026-09', volume: 987 }, { month: '2026-10', volume: 1234 }]

export const VOLUME_FIGURES = {
  // 1234 → two significant figures 1200 → "≈1.2k"; 2766 → 2800 → "≈2.8k"; the second query has no estimate.
  labels: ['≈1.2k', 'no estimate', '≈2.8k'],
  rounded: [1200, null, 2800],
  // 987 → 990 (two significant figures), 1234 → 1200; the other queries have no history.
  histories: [[{ month: '2026-09', rounded: 990 }, { month: '2026-10', rounded: 1200 }], [], []],
  // (33·1234 + 17·2766) / (1234 + 2766) = (40722 + 47022) / 4000 = 87744 / 4000 = 21.936 → 21.9
  weighted: 21.9,
  // (33 + 33 + 17) / 3 = 83 / 3 = 27.67 → 27.7
  unweighted: 27.7,
  // 1 of 3 queries without an estimate = 33.3 %
  withoutEstimate: 1,
  withoutEstimateShare: 33.3,
  // Comfort = queries 1 and 2: 1234 (+ no estimate) → 1200 "≈1.2k", 1 of 2; Durability = query 3: 2766 → "≈2.8k", 1 of 1.
  topics: [
    { group: 'Comfort', total: 1200, label: '≈1.2k', estimated: 1, queries: 2 },
    { group: 'Durability', total: 2800, label: '≈2.8k', estimated: 1, queries: 1 },
  ],
  source: { provider: 'DataForSEO', simulated: true, month: '2026-10', location: 'United Kingdom', languageCode: 'en' },
  sourceLine: 'Simulated estimates, Oct 2026, United Kingdom',
}

/** Writes the hand volumes into the cache as a refresh of October 2026 would have stored them (a fixed month, never the clock). */
export async function seedHandVolumes() {
  const db = await sql()
  const rows = QUERIES.map((q, i) => ({
    location_code: 2826, language_code: 'en', keyword: q.query.toLowerCase(), month: '2026-10-01', provider: 'dataforseo', simulated: true,
    volume: HAND_VOLUMES[i], data_month: HAND_VOLUMES[i] === null ? null : '2026-10', history: db.json(i === 0 ? HISTORY : []),
  }))
  await db`insert into volume_estimates ${db(rows)} on conflict (location_code, language_code, keyword, month) do update set volume = excluded.volume, data_month = excluded.data_month, history = excluded.history`
}
