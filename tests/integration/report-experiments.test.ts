/**
 * The report's experiments section over the real stack: a content change recorded through the app on 16 seeded daily
 * runs (tests/support/experiments-fixtures.ts), its chart and estimate in the web page, the PDF (Chromium) and the
 * deck, with the figures worked out by hand; "not enough data" said plainly; no section without experiments.
 */
import { writeFileSync } from 'node:fs'
import path from 'node:path'
import { extractText } from 'unpdf'
import { testEnv } from '../support/env'
import { sql } from '../support/flows'
import { seedHandWorkedAnalysis } from '../support/hand-worked-analysis'
import { EXPERIMENT_QUERIES, EXPERIMENT_URL, seedExperimentProject } from '../support/experiments-fixtures'

let seeded: Awaited<ReturnType<typeof seedExperimentProject>>
/** The analyses of the seeded days, by date. */
let byDate: Record<string, number>

beforeAll(async () => {
  seeded = await seedExperimentProject()
  const post = (json: unknown) => seeded.owner.json(`/api/projects/${seeded.projectId}/experiments`, { method: 'POST', json })
  const base = { urls: [EXPERIMENT_URL], treated: EXPERIMENT_QUERIES.slice(0, 2), control: EXPERIMENT_QUERIES.slice(2) }
  expect((await post({ ...base, description: 'Comparison page for flat feet and trail', changeDate: '2026-03-11' })).status).toBe(201)
  // On the first seeded day: no run before it, so no estimate.
  expect((await post({ ...base, description: 'Old FAQ page', changeDate: '2026-03-01' })).status).toBe(201)
  const db = await sql()
  const rows = await db<{ id: number; date: string }[]>`select id, date::text as date from analyses where project_id = ${seeded.projectId}`
  byDate = Object.fromEntries(rows.map((r) => [r.date, r.id]))
})

const report = (date: string, format: string) => seeded.owner.request(`/api/analyses/${byDate[date]}/report?format=${format}`)

// By hand (the fixture): every day before 2026-03-11 only Claude of the two models ranks each query (visibility 50 %);
// from it on ChatGPT also ranks the two treated queries (100 %), the controls stay at 50 %.
// Treated 50 -> 100 (+50), control 50 -> 50 (0): effect +50; every query and day within a group is alike, so every
// bootstrap draw gives 50 and the interval is 50 to 50. n: 2 + 2 queries, 10 days before and 6 after (03-11..03-16),
// 16 days x 4 queries x 2 models = 128 answers.
const GROUPS = 'Visibility of the treated queries before 50%, after 100%; of the control queries before 50%, after 50%.'
const EFFECT = 'Estimated effect on visibility: +50 points (95 % interval 50 to 50).'
const N = 'n = 2 treated and 2 control queries, 10 days before and 6 after, 128 answers.'
// The change of 03-01: no day before it; 16 days after.
const NOT_ENOUGH = 'Not enough data for an estimate yet: it needs daily runs before and after the change for both groups (so far 0 days before and 16 after).'

describe("the report's experiments section", () => {
  it('the web page shows each change: its chart, the groups before and after, the effect, the test and the n', async () => {
    const res = await report('2026-03-16', 'html')
    expect(res.status).toBe(200)
    const html = await res.text()
    writeFileSync(path.join(testEnv().artifactsDir, 'report-experiments.html'), html)
    const at = html.indexOf('data-section="experiments"')
    expect(at).toBeGreaterThan(0)
    const section = html.slice(at)
    expect(section).toContain('<h2>Experiments</h2>')
    // Newest change first.
    expect(section.indexOf('Change of 2026-03-11: Comparison page for flat feet and trail')).toBeLessThan(section.indexOf('Change of 2026-03-01: Old FAQ page'))
    expect(section).toContain(`<p class="caption">${GROUPS}</p>`)
    expect(section).toContain(`<p class="caption">${EFFECT}</p>`)
    expect(section).toContain('Test: difference in differences (treated minus control, after minus before), 95 % bootstrap interval over queries and days (1,000 draws).')
    expect(section).toContain(`<p class="caption">${N}</p>`)
    expect(section).toContain(`<p class="caption">${NOT_ENOUGH}</p>`)
    // The chart: recharts SVG, treated bars in the own-brand red and control in the palette's blue, labelled by value.
    const chart = section.slice(section.indexOf('Comparison page'), section.indexOf('Old FAQ page'))
    expect(chart).toContain('<svg')
    const fills = [...chart.matchAll(/<path [^>]*class="recharts-rectangle"[^>]*fill="(#[0-9a-f]{6})"/g)].map((m) => m[1])
    expect(fills).toEqual(['#d92d20', '#d92d20', '#2563eb', '#2563eb'])
    const labels = [...chart.matchAll(/class="recharts-text recharts-label"[^>]*>(?:<tspan[^>]*>)?([^<]+)</g)].map((m) => m[1])
    expect(labels).toEqual(['50', '100', '50', '50'])
  })

  it('the PDF states the same figures', async () => {
    const res = await report('2026-03-16', 'pdf')
    expect(res.status).toBe(200)
    if (!testEnv().chromiumPath) return
    expect(res.headers.get('content-type')).toBe('application/pdf')
    const bytes = new Uint8Array(await res.arrayBuffer())
    // Kept with the run's artifacts, to be looked at as pages (pdftoppm) when the layout changes.
    writeFileSync(path.join(testEnv().artifactsDir, 'report-experiments.pdf'), bytes)
    const { text } = await extractText(bytes, { mergePages: true })
    const squash = (s: string) => s.replace(/\s+/g, '')
    const flat = squash(text)
    for (const s of ['Experiments', 'Change of 2026-03-11: Comparison page for flat feet and trail', GROUPS, EFFECT, N, NOT_ENOUGH]) expect(flat).toContain(squash(s))
  })

  it('the deck has a slide per change with the same estimate', async () => {
    const res = await report('2026-03-16', 'pptx')
    expect(res.status).toBe(200)
    const { default: JSZip } = await import('jszip')
    const zip = await JSZip.loadAsync(await res.arrayBuffer())
    const slides = Object.keys(zip.files).filter((f) => /^ppt\/slides\/slide\d+\.xml$/.test(f))
    const xml = (await Promise.all(slides.map((f) => zip.file(f)!.async('string')))).join('')
    expect(xml).toContain('Experiments: Change of 2026-03-11: Comparison page for flat feet and trail')
    expect(xml).toContain(EFFECT)
    expect(xml).toContain(NOT_ENOUGH)
  })

  it('is absent from the report of a project without experiments', async () => {
    const hw = await seedHandWorkedAnalysis()
    const html = await (await hw.owner.request(`/api/analyses/${hw.analysisId}/report?format=html`)).text()
    expect(html).toContain('Executive summary')
    expect(html).not.toContain('data-section="experiments"')
    expect(html).not.toContain('Experiments')
  })
})
