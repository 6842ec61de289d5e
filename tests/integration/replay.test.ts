import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { createRequire } from 'node:module'
import { Client, Connection } from '@temporalio/client'
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
    const connection = await Connection.connect({ address: testEnv().temporalAddress })
    const history = await new Client({ connection }).workflow.getHandle(`analysis-${a.id}`).fetchHistory()
    await connection.close()
    if (process.env.RECORD_WORKFLOW_HISTORY === '1') writeFileSync(fixture, JSON.stringify(history))
    await Worker.runReplayHistory({ workflowsPath }, history, `analysis-${a.id}`)
  })

  it.runIf(existsSync(fixture))('replays the committed history of an earlier version', async () => {
    const history = JSON.parse(readFileSync(fixture, 'utf8'))
    await Worker.runReplayHistory({ workflowsPath }, history, 'recorded-analysis')
  })
})
