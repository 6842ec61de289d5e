import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { createRequire } from 'node:module'
import { spawnSync } from 'node:child_process'
import { Worker } from '@temporalio/worker'
import { testEnv } from '../support/env'
import { createProject, signUp, startAnalysis, waitForAnalysis } from '../support/flows'

const require = createRequire(import.meta.url)
const fixture = path.join(process.cwd(), 'tests', 'fixtures', 'analysis-workflow-history.json')
const workflowsPath = require.resolve('../../workflows/index.ts')

/**
 * A change to the analysis workflow that would break executions already running in production
 * (non-determinism) fails here: the recorded history must replay against the current code.
 */
describe('analysis workflow replay', () => {
  it('replays a history recorded now', async () => {
    const s = await signUp()
    const project = await createProject(s)
    const a = await startAnalysis(s, project.id)
    await waitForAnalysis(s, a.id)
    // Exported as proto3 JSON by the Temporal CLI, as an operator would (`temporal workflow show -o json`).
    const shown = spawnSync(path.join(process.cwd(), '.tools', 'bin', 'temporal'), ['workflow', 'show', '--workflow-id', `analysis-${a.id}`, '--address', testEnv().temporalAddress, '-o', 'json'], { encoding: 'utf8' })
    expect(shown.status, shown.stderr).toBe(0)
    const history = JSON.parse(shown.stdout)
    expect(history.events.length).toBeGreaterThan(10)
    if (process.env.RECORD_WORKFLOW_HISTORY === '1' || !existsSync(fixture)) writeFileSync(fixture, shown.stdout)
    await Worker.runReplayHistory({ workflowsPath }, history, `analysis-${a.id}`)
  })

  it.runIf(existsSync(fixture))('replays the committed history of an earlier version', async () => {
    const history = JSON.parse(readFileSync(fixture, 'utf8'))
    await Worker.runReplayHistory({ workflowsPath }, history, 'recorded-analysis')
  })
})
