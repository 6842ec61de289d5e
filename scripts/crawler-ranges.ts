/**
 * Refreshes app/domain/crawlers/ip-ranges.json from the vendors' published address lists: each list's
 * prefixes and the day it was fetched. Run on a machine with internet access: `npx tsx scripts/crawler-ranges.ts`.
 * A list that cannot be fetched keeps its previous copy (and date); the script says which.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const FILE = fileURLToPath(new URL('../app/domain/crawlers/ip-ranges.json', import.meta.url))

/** The vendors' JSON (OpenAI, Google, Bing, Perplexity, Apple use this shape): { prefixes: [{ ipv4Prefix | ipv6Prefix }] }. */
type Published = { creationTime?: string; prefixes?: { ipv4Prefix?: string; ipv6Prefix?: string }[] }

const data = JSON.parse(readFileSync(FILE, 'utf8')) as { note: string; lists: Record<string, { url: string; fetchedAt: string | null; prefixes: string[] }> }
for (const [key, list] of Object.entries(data.lists)) {
  try {
    const res = await fetch(list.url, { signal: AbortSignal.timeout(15_000) })
    if (!res.ok) throw new Error(`HTTP ${res.status}`)
    const body = (await res.json()) as Published
    const prefixes = (body.prefixes ?? []).map((p) => p.ipv4Prefix ?? p.ipv6Prefix).filter((p): p is string => Boolean(p))
    if (!prefixes.length) throw new Error('no prefixes in the answer')
    data.lists[key] = { url: list.url, fetchedAt: new Date().toISOString().slice(0, 10), prefixes }
    console.log(`${key}: ${prefixes.length} prefixes`)
  } catch (err) {
    console.log(`${key}: kept the previous copy (${(err as Error).message})`)
  }
}
writeFileSync(FILE, JSON.stringify(data, null, 2) + '\n')
