/**
 * Chunking and content facts of the optimiser. Content is the page as light markdown (headings `#`,
 * list items `- `, table rows `| … |`, images `![alt](src)`, links `[text](href)`), which is what the
 * extraction produces from HTML and what people paste as text. Pure.
 */
import { CHUNK_TARGET_WORDS } from './constants'

export interface Chunk {
  id: string
  /** 'section' when the chunk starts at a heading, else 'paragraph'. */
  type: 'section' | 'paragraph'
  /** The heading the chunk falls under, or null (shown as 'Chunk n'). */
  title: string | null
  text: string
  wordCount: number
}

export const countWords = (s: string) => (s.match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu) ?? []).length

const HEADING = /^(#{1,6})\s+(.+?)\s*#*\s*$/

/** A chunk's label on screen: its title or 'Chunk n' (1-based). */
export const chunkLabel = (c: { title: string | null }, index: number) => c.title || `Chunk ${index + 1}`

function splitLong(block: string, target: number): string[] {
  const sentences = block.match(/[^.!?]+(?:[.!?]+|$)\s*/g) ?? [block]
  const out: string[] = []
  let cur = ''
  for (const s of sentences) {
    if (cur && countWords(cur) + countWords(s) > target * 1.3) {
      out.push(cur.trim())
      cur = ''
    }
    cur += s
  }
  if (cur.trim()) out.push(cur.trim())
  return out
}

/**
 * About `target`-word chunks (about 100) that respect headings and paragraphs: a heading always starts a
 * new chunk, paragraphs are kept whole where they fit, and a paragraph longer than 1.5 × target is cut at sentences.
 */
export function chunkContent(content: string, target = CHUNK_TARGET_WORDS, max = Infinity): Chunk[] {
  const blocks = content.replace(/\r\n?/g, '\n').split(/\n\s*\n/).map((b) => b.trim()).filter(Boolean)
  const chunks: Chunk[] = []
  let title: string | null = null
  let parts: string[] = []
  let startsAtHeading = false
  const flush = () => {
    const text = parts.join('\n\n').trim()
    if (text && countWords(text) > 0) chunks.push({ id: `chunk-${chunks.length + 1}`, type: startsAtHeading ? 'section' : 'paragraph', title, text, wordCount: countWords(text) })
    parts = []
    startsAtHeading = false
  }
  for (const block of blocks) {
    const lines = block.split('\n')
    const h = HEADING.exec(lines[0])
    if (h) {
      flush()
      title = h[2].trim()
      startsAtHeading = true
      parts.push(lines[0])
      const rest = lines.slice(1).join('\n').trim()
      if (rest) pushBlock(rest)
      continue
    }
    pushBlock(block)
  }
  flush()
  return chunks.slice(0, max)

  function pushBlock(block: string) {
    const words = countWords(block)
    const current = countWords(parts.join(' '))
    if (words > target * 1.5 && !/^\|/.test(block)) {
      for (const piece of splitLong(block, target)) pushBlock(piece)
      return
    }
    if (current >= target * 0.5 && current + words > target * 1.3) flush()
    parts.push(block)
    if (countWords(parts.join(' ')) >= target) flush()
  }
}

export interface ContentCounts {
  words: number
  headings: number
  images: number
  imagesWithAlt: number
  tables: number
  lists: number
  dates: number
  outboundLinks: number
  videos: number
}

const MONTHS = 'January|February|March|April|May|June|July|August|September|October|November|December'
const DATE = new RegExp(`\\b(?:\\d{1,2}[/.-]\\d{1,2}[/.-]\\d{2,4}|\\d{4}-\\d{2}-\\d{2}|(?:\\d{1,2}\\s+)?(?:${MONTHS})\\s+\\d{4}|(?:19|20)\\d{2})\\b`, 'g')

/** What the content holds, counted from its light markdown. */
export function countContent(content: string): ContentCounts {
  const lines = content.split('\n')
  let tables = 0
  let inTable = false
  let lists = 0
  let inList = false
  for (const line of lines) {
    const t = line.trim()
    const row = t.startsWith('|')
    if (row && !inTable) tables++
    inTable = row
    const item = /^([-*•]|\d+[.)])\s+/.test(t)
    if (item && !inList) lists++
    inList = item || (inList && t === '')
  }
  const images = [...content.matchAll(/!\[([^\]]*)\]\(([^)\s]*)[^)]*\)/g)]
  return {
    words: countWords(content.replace(/!\[[^\]]*\]\([^)]*\)/g, '').replace(/\]\([^)]*\)/g, ']')),
    headings: lines.filter((l) => HEADING.test(l.trim())).length,
    images: images.length,
    imagesWithAlt: images.filter((m) => m[1].trim().length > 0).length,
    tables,
    lists,
    dates: (content.match(DATE) ?? []).length,
    outboundLinks: (content.match(/(?<!!)\[[^\]]+\]\(https?:\/\/[^)]+\)/g) ?? []).length,
    videos: (content.match(/\[(?:Video|video)[^\]]*\]/g) ?? []).length,
  }
}
