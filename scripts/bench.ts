export {}
/** `npm run bench <name>`: analysis | parse | results | progress (all when no name is given). Prints JSON figures. */
const which = process.argv[2] ?? 'all'
const out: Record<string, unknown> = {}
if (which === 'parse' || which === 'all') out.parse = await (await import('./bench/parse')).benchParse()
if (which === 'analysis' || which === 'all') out.analysis = await (await import('./bench/analysis')).benchAnalysis()
if (which === 'results' || which === 'all') {
  const mod: any = await import('./bench/results').catch(() => null)
  out.results = mod ? await mod.benchResults() : 'not available'
}
if (which === 'progress' || which === 'all') out.progress = await (await import('./bench/progress')).benchProgress()
console.log(JSON.stringify(out, null, 2))
process.exit(0)
