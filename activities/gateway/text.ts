import type { Citation, Source } from './types'

const SURROGATES = /[\uD800-\uDFFF]/

/** Index into a JS string (UTF-16 units) of the `cp`-th Unicode code point. */
export function codePointToUtf16Index(text: string, cp: number): number {
  if (!SURROGATES.test(text)) return Math.min(cp, text.length)
  let index = 0
  for (let n = 0; n < cp && index < text.length; n++) {
    const code = text.charCodeAt(index)
    index += code >= 0xd800 && code <= 0xdbff ? 2 : 1
  }
  return index
}

/**
 * Maps UTF-8 byte offsets (Gemini groundingSupports) to JS string indices. An offset inside a
 * multi-byte character maps to the start of the next character.
 */
export function utf8ByteIndexer(text: string): (byteOffset: number) => number {
  // bytes[i] = UTF-8 length of text.slice(0, i), for code-point boundaries i.
  const byteAt: number[] = []
  const indexAt: number[] = []
  let bytes = 0
  let i = 0
  while (i < text.length) {
    byteAt.push(bytes)
    indexAt.push(i)
    const cp = text.codePointAt(i)!
    bytes += cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4
    i += cp > 0xffff ? 2 : 1
  }
  byteAt.push(bytes)
  indexAt.push(text.length)
  return (byteOffset: number) => {
    if (byteOffset <= 0) return 0
    if (byteOffset >= bytes) return text.length
    let lo = 0
    let hi = byteAt.length - 1
    while (lo < hi) {
      const mid = (lo + hi) >> 1
      if (byteAt[mid] < byteOffset) lo = mid + 1
      else hi = mid
    }
    return indexAt[lo]
  }
}

/** Parses JSON that a model may have wrapped in a code fence, <think> block or prose. */
export function extractJson(text: string): { ok: true; value: unknown } | { ok: false; error: string } {
  let t = text.replace(/<think>[\s\S]*?<\/think>/g, '').trim()
  const fence = /^```(?:json)?\s*\n?([\s\S]*?)\n?```$/i.exec(t)
  if (fence) t = fence[1].trim()
  if (!t) return { ok: false, error: 'empty output' }
  try {
    return { ok: true, value: JSON.parse(t) }
  } catch (e) {
    const start = t.search(/[[{]/)
    const end = Math.max(t.lastIndexOf('}'), t.lastIndexOf(']'))
    if (start >= 0 && end > start) {
      try {
        return { ok: true, value: JSON.parse(t.slice(start, end + 1)) }
      } catch {}
    }
    return { ok: false, error: e instanceof Error ? e.message : String(e) }
  }
}

const URL_RE = /https?:\/\/[^\s<>()[\]"'`]+[^\s<>()[\]"'`.,;:!?]/g
const MD_LINK_RE = /\[([^\]\n]{1,200})\]\((https?:\/\/[^\s)]+)\)/g

/** URLs written in the answer text itself (markdown links and bare URLs), first occurrence order. */
export function urlsInText(text: string): Source[] {
  const found = new Map<string, Source>()
  for (const m of text.matchAll(MD_LINK_RE)) {
    const title = m[1].replace(/^\[|\]$/g, '')
    if (!found.has(m[2])) found.set(m[2], /^\d+$/.test(title) ? { url: m[2] } : { url: m[2], title })
  }
  for (const m of text.matchAll(URL_RE)) if (!found.has(m[0])) found.set(m[0], { url: m[0] })
  return [...found.values()]
}

/** True when text[i] ends a sentence: "!", "?", a newline, or "." followed by a space or the end. */
function endsSentence(text: string, i: number): boolean {
  const c = text[i]
  if (c === '!' || c === '?' || c === '\n') return true
  return c === '.' && (i + 1 >= text.length || /\s/.test(text[i + 1]))
}

/** The sentence (or list item) around [start, end), without links and markers, for a citation snippet. */
export function sentenceAround(text: string, start: number, end: number): string {
  // A marker or link right after a full stop (or colon) belongs to the sentence it closes.
  const before = text.slice(0, start).replace(/(?:\[\d+\])+$/, '').trimEnd()
  let s: number
  let e: number
  if (/[.!?:]$/.test(before)) {
    e = before.length - 1
    s = e
  } else {
    s = start
    e = Math.max(end, start)
    while (e < text.length && !endsSentence(text, e)) e++
  }
  while (s > 0 && !endsSentence(text, s - 1)) s--
  return text
    .slice(s, Math.min(text.length, e + 1))
    .replace(/\(?\[+[^\]\n]*\]+\(https?:\/\/[^\s)]*\)\)?/g, '') // markdown links, incl. "([site](url))"
    .replace(URL_RE, '')
    .replace(/\[\d+\]/g, '')
    .replace(/\*\*|__/g, '')
    .replace(/^\s*(?:\d{1,2}[.)]|[-*•])\s+/, '')
    .replace(/\s+/g, ' ')
    .replace(/\s+([.,;:!?])/g, '$1')
    .trim()
}

/** Unique URLs, keeping the first title/snippet seen, filling blanks from later entries. */
export function dedupeSources(items: Array<Source | Citation>): Source[] {
  const out = new Map<string, Source>()
  for (const item of items) {
    if (!item.url) continue
    const prev = out.get(item.url)
    if (!prev) {
      const s: Source = { url: item.url }
      if (item.title) s.title = item.title
      if (item.snippet) s.snippet = item.snippet
      out.set(item.url, s)
    } else {
      if (!prev.title && item.title) prev.title = item.title
      if (!prev.snippet && item.snippet) prev.snippet = item.snippet
    }
  }
  return [...out.values()]
}
