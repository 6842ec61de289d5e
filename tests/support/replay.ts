/**
 * Replays one workflow history against the current workflow code, in a process of its own:
 *   node --import tsx tests/support/replay.ts <history.json> <workflowId>
 * A Temporal Runtime lives once per process; a replay worker created inside the test process next
 * to the client (or after another replay shut its runtime down) fails at random. Exit 0 = replayed.
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { Worker } from '@temporalio/worker'

const [file, workflowId] = process.argv.slice(2)
const require = createRequire(import.meta.url)
try {
  const history = JSON.parse(readFileSync(file, 'utf8'))
  await Worker.runReplayHistory({ workflowsPath: require.resolve('../../workflows/index.ts') }, history, workflowId)
  console.log(`replayed ${workflowId}: ${history.events.length} events`)
  process.exit(0)
} catch (err) {
  console.error(`replay of ${workflowId} failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`)
  process.exit(1)
}
