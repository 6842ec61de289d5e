/**
 * The migrations rule (README, "Migrations"): a new migration goes at the end — its number is above every migration
 * present, and no two share a number. db/migrate.ts applies the pending files in file-name order, so a migration
 * numbered into a gap or below the last one would run after later ones on every database that already has them,
 * and before them on a fresh one: two orders for one schema.
 *
 * The files up to BASELINE are history: some were added out of order before this rule (0004 after 0010; 0007,
 * 0008 and 0015 never existed), so older databases applied them in another order. They are recorded here as they
 * are and must not change; every later file is checked.
 */
import { readdirSync } from 'node:fs'
import path from 'node:path'

const BASELINE = [
  '0001_init.sql',
  '0002_model_usage.sql',
  '0003_sources.sql',
  '0004_personas.sql',
  '0005_trends.sql',
  '0006_results.sql',
  '0009_optimiser.sql',
  '0010_sharing.sql',
  '0011_ideator.sql',
  '0012_chat.sql',
  '0013_api.sql',
  '0014_evidence.sql',
  '0016_sources_parts.sql',
  '0017_sources_runs.sql',
]

const numberOf = (file: string) => Number(file.split('_')[0])

/** The files db/migrate.ts applies, in its order. */
const files = () =>
  readdirSync(path.join(__dirname, 'migrations'))
    .filter((f) => /^\d+_.*\.sql$/.test(f))
    .sort()

describe('migrations are added only at the end', () => {
  it('every file is named NNNN_words.sql', () => {
    const all = readdirSync(path.join(__dirname, 'migrations')).filter((f) => f.endsWith('.sql'))
    for (const f of all) expect(f).toMatch(/^\d{4}_[a-z0-9_]+\.sql$/)
  })

  it('the recorded history is there, unchanged, and applied first', () => {
    expect(files().slice(0, BASELINE.length)).toEqual(BASELINE)
  })

  it('a migration after the history is numbered above every earlier one, each number once', () => {
    const later = files().slice(BASELINE.length)
    let highest = numberOf(BASELINE[BASELINE.length - 1])
    for (const f of later) {
      expect(numberOf(f), `${f} must be numbered above ${String(highest).padStart(4, '0')}`).toBeGreaterThan(highest)
      highest = numberOf(f)
    }
  })

  it('the check refuses a migration numbered into a gap or sharing a number (the rule applied to made-up lists)', () => {
    const ok = (list: string[]) => list.every((f, i) => i === 0 || numberOf(f) > numberOf(list[i - 1]))
    expect(ok([...BASELINE, '0018_a.sql', '0019_b.sql'])).toBe(true)
    // 0007 sorts into the history: the history check (first BASELINE.length files) fails on it.
    expect([...BASELINE, '0007_gap.sql'].sort().slice(0, BASELINE.length)).not.toEqual(BASELINE)
    expect(ok(['0018_a.sql', '0018_b.sql'])).toBe(false)
  })
})
