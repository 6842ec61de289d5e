import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { demandWeightedVisibility, groupVolume, historyLine, queryVolume, roundVolume, sourceLine, volumeLabel, volumeMarket } from './index'
import { errorKindOf, parseVolumeResponse, VolumeProviderError } from './parse'

const fixture = JSON.parse(readFileSync(new URL('../../../tests/fixtures/dataforseo-ai-keyword-volume.json', import.meta.url), 'utf8'))

describe('demand-weighted visibility', () => {
  it('weighs each query by its volume and leaves queries without an estimate out', () => {
    const w = demandWeightedVisibility([
      { visibility: 100, volume: 300 },
      { visibility: 50, volume: 100 },
      { visibility: 0, volume: 600 },
      { visibility: 50, volume: null },
    ])
    // unweighted: (100 + 50 + 0 + 50) / 4 = 50
    expect(w.unweighted).toBe(50)
    // weighted: (100·300 + 50·100 + 0·600) / (300 + 100 + 600) = 35000 / 1000 = 35
    expect(w.weighted).toBe(35)
    // 1 of 4 queries has no estimate = 25 %
    expect(w.withoutEstimate).toBe(1)
    expect(w.withoutEstimateShare).toBe(25)
    expect(w.note).toBe('1 of 4 queries (25 %) have no volume estimate and are left out of the demand-weighted figure.')
  })

  it('rounds to one decimal and has no weighted figure when every volume is zero or missing', () => {
    // unweighted: (100 + 0 + 0) / 3 = 33.33… → 33.3; weighted: 100·1 / (1 + 2) = 33.33… → 33.3
    expect(demandWeightedVisibility([{ visibility: 100, volume: 1 }, { visibility: 0, volume: 2 }, { visibility: 0, volume: 0 }]).weighted).toBe(33.3)
    const none = demandWeightedVisibility([{ visibility: 83, volume: 0 }, { visibility: 17, volume: null }])
    // unweighted: (83 + 17) / 2 = 50; weighted: Σ volume = 0 → null; 1 of 2 without = 50 %
    expect(none).toMatchObject({ unweighted: 50, weighted: null, withoutEstimate: 1, withoutEstimateShare: 50 })
    expect(demandWeightedVisibility([])).toMatchObject({ unweighted: null, weighted: null, queries: 0, withoutEstimateShare: 0 })
  })
})

describe('rounded volumes', () => {
  it('never shows the exact figure', () => {
    expect(roundVolume(1234)).toBe(1200)
    expect(roundVolume(87)).toBe(90)
    expect(roundVolume(9)).toBe(0)
    expect(roundVolume(15_678)).toBe(16_000)
    expect(volumeLabel(1234)).toBe('≈1.2k')
    expect(volumeLabel(15_678)).toBe('≈16k')
    expect(volumeLabel(87)).toBe('≈90')
    expect(volumeLabel(4)).toBe('<10')
    expect(volumeLabel(0)).toBe('<10')
    expect(volumeLabel(2_345_678)).toBe('≈2.3M')
    expect(volumeLabel(null)).toBe('no estimate')
  })

  it('sums a topic over its estimated queries', () => {
    // 1234 + 87 = 1321 → 1300 (two significant figures); 2 of 3 estimated
    expect(groupVolume([1234, null, 87])).toEqual({ total: 1300, label: '≈1.3k', estimated: 2, queries: 3 })
    expect(groupVolume([null])).toEqual({ total: null, label: 'no estimate', estimated: 0, queries: 1 })
  })

  it('names the provider and the month', () => {
    expect(sourceLine({ provider: 'DataForSEO', simulated: false, month: '2026-10', location: 'United Kingdom', languageCode: 'en' })).toBe('Estimates by DataForSEO, Oct 2026, United Kingdom')
    expect(sourceLine({ provider: 'DataForSEO', simulated: true, month: '2026-01', location: 'Germany', languageCode: 'de' })).toBe('Simulated estimates, Jan 2026, Germany')
  })
})

describe('markets', () => {
  it('takes the typed country, else the language\'s home market', () => {
    expect(volumeMarket('UK', 'en-GB')).toEqual({ locationCode: 2826, locationName: 'United Kingdom', languageCode: 'en' })
    expect(volumeMarket('', 'de')).toEqual({ locationCode: 2276, locationName: 'Germany', languageCode: 'de' })
    expect(volumeMarket('Austria', 'de').locationCode).toBe(2040)
    // "us" is a whole word only: Russia is not the United States
    expect(volumeMarket('Russia', 'ru').locationCode).toBe(2643)
    expect(volumeMarket('日本', 'ja').locationCode).toBe(2392)
    expect(volumeMarket('', 'pt-BR')).toEqual({ locationCode: 2076, locationName: 'Brazil', languageCode: 'pt' })
    expect(volumeMarket('somewhere', 'xx').locationCode).toBe(2840)
  })
})

describe('DataForSEO reply', () => {
  const asked = ['Best running shoes', 'running shoes for flat feet', 'trail shoes for wide feet UK']

  it('reads the documented shape: items by lower-cased keyword, the monthly history in order, the envelope cost once', () => {
    const r = parseVolumeResponse(fixture, asked)
    expect(r.costUsd).toBe(0.0105) // the envelope's cost, not envelope + task (0.021)
    expect(r.taskId).toBe('11271646-1535-0619-0000-34aa8225bd23')
    expect(r.estimates.get('best running shoes')).toEqual({
      volume: 1234,
      dataMonth: '2026-10',
      history: [{ month: '2026-08', volume: 980 }, { month: '2026-09', volume: 1100 }, { month: '2026-10', volume: 1234 }],
    })
    expect(r.estimates.get('running shoes for flat feet')?.dataMonth).toBe('2026-10')
    // Asked, but the provider returned no item: no estimate, never zero.
    expect(r.estimates.get('trail shoes for wide feet uk')).toEqual({ volume: null, dataMonth: null, history: [] })
  })

  it('throws on an error envelope or a failed task, with the kind that decides a retry', () => {
    const envelope = { version: '0.1', status_code: 40100, status_message: 'You are not authorized to access this resource.', cost: 0, tasks_count: 0, tasks_error: 0, tasks: [] }
    expect(() => parseVolumeResponse(envelope, asked)).toThrow(VolumeProviderError)
    try {
      parseVolumeResponse(envelope, asked)
    } catch (e) {
      expect((e as VolumeProviderError).kind).toBe('configuration')
    }
    const task = { ...fixture, tasks: [{ ...fixture.tasks[0], status_code: 40501, status_message: 'Invalid Field: \'location_code\'.', result: null }] }
    expect(() => parseVolumeResponse(task, asked)).toThrow("DataForSEO's task failed: 40501 Invalid Field: 'location_code'.")
    expect(errorKindOf(50000)).toBe('transient')
    expect(errorKindOf(40202)).toBe('transient')
    expect(errorKindOf(40200)).toBe('configuration')
    expect(errorKindOf(40501)).toBe('permanent')
    expect(() => parseVolumeResponse({ tasks: 'no' }, asked)).toThrow(/documented shape/)
  })
})

describe('history', () => {
  it('is rounded like the estimate and told first to last', () => {
    const v = queryVolume(1234, [{ month: '2025-11', volume: 912 }, { month: '2026-10', volume: 1234 }])
    // 912 → 910, 1234 → 1200
    expect(v).toEqual({ rounded: 1200, label: '≈1.2k', history: [{ month: '2025-11', rounded: 910 }, { month: '2026-10', rounded: 1200 }] })
    expect(historyLine(v.history)).toBe('Nov 2025 ≈910 → Oct 2026 ≈1.2k')
    expect(historyLine([])).toBe('')
  })
})
