/**
 * npm run eval:factcheck: the fact-check judge's precision and recall per label on the labelled claims of
 * tests/support/factcheck-evaluation.ts. Without model keys the judge is the simulator's (started here, on a free
 * port), asked through the gateway and the vendor's SDK like every call; with keys (as `npm start` reads them) it is
 * the first configured real model. `--misses` lists every claim the judge got wrong. Prints JSON figures last.
 */
import { createGateway, isDemoMode, loadProviderConfigs, simulatorConfigs } from '../activities/gateway'
import { judgeProvider } from '../activities/factcheck'
import { startSimulator } from '../simulator/server'
import { evaluateFactcheck } from '../tests/support/factcheck-evaluation'

const demo = isDemoMode()
const sim = demo ? await startSimulator({ port: 0, seed: 'eval-factcheck' }) : undefined
try {
  const gateway = createGateway(sim ? simulatorConfigs(sim.url) : loadProviderConfigs())
  const provider = judgeProvider(gateway)
  if (!provider) throw new Error('No AI model is configured')
  const e = await evaluateFactcheck(gateway, provider)
  const misses = e.rows.filter((r) => r.got !== r.expected)
  if (process.argv.includes('--misses')) for (const r of misses) console.log(`${r.language}  expected ${r.expected.padEnd(12)} got ${String(r.got).padEnd(12)} ${r.sentence}`)
  const pct = (x: number) => (100 * x).toFixed(1).padStart(5)
  console.log(`Fact-check judge: ${demo ? 'the model simulator' : gateway.configs[provider].model} (${provider}), ${e.rows.length} claims in ${new Set(e.rows.map((r) => r.language)).size} languages`)
  console.log('label          n  predicted  precision  recall')
  for (const l of e.labels) console.log(`${l.label.padEnd(13)}${String(l.n).padStart(3)}  ${String(l.predicted).padStart(9)}  ${pct(l.precision)} %   ${pct(l.recall)} %`)
  console.log(`accuracy ${pct(e.accuracy)} % (${e.rows.length - misses.length}/${e.rows.length}), no claim found: ${e.rows.filter((r) => r.got === null).length}, cost $${e.costUsd.toFixed(4)}${demo ? ' (simulated)' : ''}`)
  console.log(JSON.stringify({ provider, simulated: demo, claims: e.rows.length, accuracy: e.accuracy, labels: e.labels }))
} finally {
  await sim?.close()
}
