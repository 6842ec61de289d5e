export {}
/**
 * `npm run bench:<name>` (or `npm run bench <name>`): runs scripts/bench/<name>.ts and prints its figures as JSON.
 * Every name when none is given. A bench measures and reports against the targets; it always exits 0
 * once its figures are printed (a bench is not a test). Sizes: see each bench's header (environment variables).
 */
const BENCHES = {
  parse: async () => (await import('./bench/parse')).benchParse(),
  analysis: async () => (await import('./bench/analysis')).benchAnalysis(),
  results: async () => (await import('./bench/results')).benchResults(),
  progress: async () => (await import('./bench/progress')).benchProgress(),
  trends: async () => (await import('./bench/trends')).benchTrends(),
  sources: async () => (await import('./bench/sources')).benchSources(),
  optimiser: async () => (await import('./bench/optimiser')).benchOptimiser(),
  logs: async () => {
    const m = await import('./bench/logs')
    return { ingest: await m.benchLogs(), pages: await m.benchLogPages() }
  },
} satisfies Record<string, () => Promise<unknown>>

const which = process.argv[2] ?? 'all'
const names = which === 'all' ? (Object.keys(BENCHES) as (keyof typeof BENCHES)[]) : [which]
const unknown = names.filter((n) => !(n in BENCHES))
if (unknown.length) {
  console.error(`Unknown bench ${unknown.join(', ')}: one of ${Object.keys(BENCHES).join(', ')}`)
  process.exit(2)
}
const out: Record<string, unknown> = {}
for (const name of names) out[name] = await BENCHES[name as keyof typeof BENCHES]()
console.log(JSON.stringify(out, null, 2))
process.exit(0)
