/**
 * `npm run test:durations`: after a full `npm test`, writes each integration and browser file's measured seconds to
 * tests/durations.json, which scripts/test.ts uses to deal the files to its shards. Commit the file when the suite
 * changes much; a file missing from it only weighs the median.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { root } from './stack'

const artifacts = path.resolve(process.env.TEST_ARTIFACTS_DIR ?? path.join(root, 'test-artifacts'))
const out: Record<string, number> = {}
for (const dir of readdirSync(artifacts).filter((d) => d.startsWith('shard-'))) {
  const file = path.join(artifacts, dir, 'vitest-report.json')
  if (!existsSync(file)) continue
  const report = JSON.parse(readFileSync(file, 'utf8')) as { testResults: Array<{ name: string; startTime: number; endTime: number }> }
  for (const r of report.testResults) out[path.relative(root, r.name)] = Math.round((r.endTime - r.startTime) / 1000)
}
if (!Object.keys(out).length) {
  console.error(`No shard reports in ${artifacts}: run the full npm test first.`)
  process.exit(1)
}
const sorted = Object.fromEntries(Object.entries(out).sort(([a], [b]) => a.localeCompare(b)))
writeFileSync(path.join(root, 'tests', 'durations.json'), `${JSON.stringify(sorted, null, 2)}\n`)
console.log(`tests/durations.json: ${Object.keys(sorted).length} files, ${Object.values(sorted).reduce((a, b) => a + b, 0)} s in all`)
