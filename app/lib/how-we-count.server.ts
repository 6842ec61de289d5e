/**
 * The README's "How we count" section, served to the results screens' help: the counting and
 * ranking rules and the latest accuracy table of `npm run eval:parse`, written once in the README.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'

export const HOW_WE_COUNT_HEADING = '## How we count'

let cached: string | undefined

/** The section's markdown, from its heading to the next level-2 heading; empty if the README has none. */
export function howWeCount(readme = path.resolve(process.cwd(), 'README.md')): string {
  if (cached !== undefined) return cached
  const text = readFileSync(readme, 'utf8')
  const start = text.indexOf(`\n${HOW_WE_COUNT_HEADING}\n`)
  if (start < 0) return (cached = '')
  const body = text.slice(start + 1)
  const next = body.indexOf('\n## ', HOW_WE_COUNT_HEADING.length)
  cached = (next < 0 ? body : body.slice(0, next)).trim()
  return cached
}
