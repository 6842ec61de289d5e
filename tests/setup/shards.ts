/** How `npm test` (scripts/test.ts) deals the integration and browser files to its shards. Pure. */

/**
 * Longest first, each to the least loaded shard, by the files' last measured seconds (tests/durations.json); a file
 * without a measurement weighs the median. Ties go to the lower shard, so the deal is the same on every machine.
 */
export function dealFiles(files: string[], durations: Record<string, number>, shards: number): string[][] {
  const known = Object.values(durations).sort((a, b) => a - b)
  const median = known.length ? known[Math.floor(known.length / 2)] : 1
  const weight = (f: string) => durations[f] ?? median
  const out = Array.from({ length: shards }, () => ({ files: [] as string[], load: 0 }))
  for (const f of [...files].sort((a, b) => weight(b) - weight(a) || a.localeCompare(b))) {
    const least = out.reduce((a, b) => (b.load < a.load ? b : a))
    least.files.push(f)
    least.load += weight(f)
  }
  return out.map((s) => s.files.sort())
}
