import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { spawnSync } from 'node:child_process'
import { temporalBinary } from '../../scripts/stack'
import { testEnv } from '../support/env'
import { createProject, resetSimulator, setLimits, signUp, startAnalysis, waitForAnalysis } from '../support/flows'

const fixture = path.join(process.cwd(), 'tests', 'fixtures', 'analysis-workflow-history.json')

/** Each replay runs in a fresh Node process (see tests/support/replay.ts for why). */
function replay(file: string, workflowId: string) {
  const node = path.join(process.cwd(), 'node_modules', '.bin', 'node')
  const r = spawnSync(node, ['--import', 'tsx', path.join('tests', 'support', 'replay.ts'), file, workflowId], { cwd: process.cwd(), encoding: 'utf8', timeout: 120_000 })
  return { ok: r.status === 0, output: `${r.stdout}\n${r.stderr}`.trim() }
}

/**
 * A change to the analysis workflow that would break executions already running in production
 * (non-determinism) fails here: the recorded history must replay against the current code.
 * The committed fixture is only ever read here; to record a new one, copy the history this test
 * leaves in test-artifacts/ (exported as an operator would, with `temporal workflow show -o json`).
 */
describe('analysis workflow replay', () => {
  it('replays a history recorded now', async () => {
    const s = await signUp()
    const project = await createProject(s)
    const a = await startAnalysis(s, project.id)
    await waitForAnalysis(s, a.id)
    const shown = spawnSync(temporalBinary() ?? 'temporal', ['workflow', 'show', '--workflow-id', `analysis-${a.id}`, '--address', testEnv().temporalAddress, '-o', 'json'], { encoding: 'utf8' })
    expect(shown.status, shown.stderr).toBe(0)
    const history = JSON.parse(shown.stdout)
    expect(history.events.length).toBeGreaterThan(10)
    const recorded = path.join(testEnv().artifactsDir, 'analysis-workflow-history.json')
    mkdirSync(path.dirname(recorded), { recursive: true })
    writeFileSync(recorded, shown.stdout)
    const r = replay(recorded, `analysis-${a.id}`)
    expect(r.ok, r.output).toBe(true)
  })

  it('replays the committed history of an earlier version', () => {
    const r = replay(fixture, 'recorded-analysis')
    expect(r.ok, r.output).toBe(true)
  })
})

const optimiserFixture = path.join(process.cwd(), 'tests', 'fixtures', 'optimiser-workflow-history.json')

/** The content optimiser's workflow (extract, seven pillars in parallel, summary) under the same guard. */
describe('optimiser workflow replay', () => {
  it('replays a history recorded now', async () => {
    await resetSimulator()
    const s = await signUp()
    await setLimits(s.userId, { maxAnalyses: null })
    const runId = `replay-${Date.now().toString(36)}`
    const content = '<h1>Best running shoes for beginners</h1><p>Soft cushioning, a secure fit and a moderate drop make the best running shoes for beginners. We tested 14 pairs.</p><h2>How to choose</h2><ul><li>Buy half a size up</li></ul>'
    const r = await s.json('/api/content/optimiser-v2/relevance', { method: 'POST', json: { prompt: 'best running shoes for beginners', content, runId } })
    expect(r.status).toBe(200)
    const workflowId = `optimiser-${s.userId}-${runId}`
    const shown = spawnSync(temporalBinary() ?? 'temporal', ['workflow', 'show', '--workflow-id', workflowId, '--address', testEnv().temporalAddress, '-o', 'json'], { encoding: 'utf8' })
    expect(shown.status, shown.stderr).toBe(0)
    expect(JSON.parse(shown.stdout).events.length).toBeGreaterThan(10)
    const recorded = path.join(testEnv().artifactsDir, 'optimiser-workflow-history.json')
    mkdirSync(path.dirname(recorded), { recursive: true })
    writeFileSync(recorded, shown.stdout)
    const replayed = replay(recorded, workflowId)
    expect(replayed.ok, replayed.output).toBe(true)
  })

  it('replays the committed history of an earlier version', () => {
    const r = replay(optimiserFixture, 'recorded-optimiser')
    expect(r.ok, r.output).toBe(true)
  })
})

