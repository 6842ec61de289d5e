/**
 * Citation Explorer (Content Ideator): per query, sorted alphabetically, the top 5 citations of the
 * enhanced source insights with their relevant excerpts (the cited text of the answer). The citation
 * display filter applies: duplicate URLs become one citation, an excerpt counts only if it has at least 3
 * words and 10 characters and is not just a URL or domain, and a citation without one is not listed.
 * Pure.
 *
 * Decisions where the spec is silent: citations are ranked by how many relevant excerpts they have, then
 * by how early the answers cite them, then by domain; excerpts are shown longest first (as the citation
 * display filter shows the longest text); a citation carries the display names of the models that cited it (Gemini is
 * 'Gemini 2.5 Flash').
 */
import { isDisplayText, SNIPPET_MAX } from '../sources/views'
import { IDEATOR_LIMITS as L, MODEL_DISPLAY_NAMES } from './constants'
import type { ExplorerCitation, ExplorerQuery } from './types'

export interface ExplorerInsight {
  query: string
  modelId: number
  citations: { url: string; domain: string; title?: string; snippet?: string; position?: number }[]
  sources: { url: string; domain: string; title?: string; snippet?: string; position?: number }[]
}

const capText = (t: string) => (t.length > SNIPPET_MAX ? `${t.slice(0, SNIPPET_MAX - 1)}…` : t)

export function citationExplorer(insights: ExplorerInsight[], perQuery: number = L.explorerCitations): ExplorerQuery[] {
  const byQuery = new Map<string, Map<string, { c: ExplorerCitation; excerpts: Set<string>; models: Set<number>; best: number }>>()
  for (const i of insights) {
    const q = byQuery.get(i.query) ?? new Map()
    byQuery.set(i.query, q)
    for (const c of [...i.citations, ...i.sources]) {
      if (!c?.url) continue
      const entry = q.get(c.url) ?? { c: { url: c.url, domain: c.domain, title: null, excerpts: [], models: [] }, excerpts: new Set<string>(), models: new Set<number>(), best: Infinity }
      entry.c.title ??= c.title?.trim() || null
      const text = (c.snippet ?? '').replace(/\s+/g, ' ').trim()
      if (isDisplayText(text)) entry.excerpts.add(capText(text))
      entry.models.add(i.modelId)
      entry.best = Math.min(entry.best, c.position ?? Infinity)
      q.set(c.url, entry)
    }
  }
  return [...byQuery.entries()]
    .sort(([a], [b]) => a.localeCompare(b, 'en', { sensitivity: 'base' }) || a.localeCompare(b))
    .map(([query, q]) => {
      const listed = [...q.values()]
        .filter((e) => e.excerpts.size > 0)
        .sort((a, b) => b.excerpts.size - a.excerpts.size || a.best - b.best || a.c.domain.localeCompare(b.c.domain) || a.c.url.localeCompare(b.c.url))
        .slice(0, perQuery)
        .map((e) => ({
          ...e.c,
          excerpts: [...e.excerpts].sort((x, y) => y.length - x.length || x.localeCompare(y)),
          models: [...e.models].sort((a, b) => a - b).map((id) => MODEL_DISPLAY_NAMES[id] ?? `Model ${id}`),
        }))
      return { query, citations: listed }
    })
}

/** What the screen shows of a citation's excerpts: the first two and how many more. */
export function shownExcerpts(excerpts: string[], shown: number = L.explorerExcerpts): { shown: string[]; more: number } {
  return { shown: excerpts.slice(0, shown), more: Math.max(0, excerpts.length - shown) }
}

export const NO_EXPLORER_CITATIONS = 'No citations with relevant text found for this query'
