import { describe, expect, it } from 'vitest'
import { chunkContent, chunkLabel, countContent, countWords } from './chunks'

const words = (n: number, w = 'word') => Array.from({ length: n }, () => w).join(' ')

describe('chunking (about 100-word segments)', () => {
  it('starts a chunk at every heading and keeps paragraphs whole', () => {
    const text = [`# Title`, words(40), words(40), words(40), `## Second`, words(30)].join('\n\n')
    const chunks = chunkContent(text)
    // Chunk 1: heading (1) + 40 + 40 = 81 words; adding 40 more (121) stays under 130 but reaches 100 → flush at 121.
    expect(chunks.map((c) => c.wordCount)).toEqual([121, 31])
    expect(chunks.map((c) => c.title)).toEqual(['Title', 'Second'])
    expect(chunks.map((c) => c.type)).toEqual(['section', 'section'])
  })

  it('cuts a paragraph longer than 150 words at sentences', () => {
    const sentence = `${words(19)} end.`
    const para = Array.from({ length: 12 }, () => sentence).join(' ') // 12 × 20 = 240 words
    const chunks = chunkContent(para)
    expect(chunks.every((c) => c.wordCount <= 130)).toBe(true)
    expect(chunks.reduce((s, c) => s + c.wordCount, 0)).toBe(240)
    expect(chunks[0].title).toBeNull()
    expect(chunkLabel(chunks[0], 0)).toBe('Chunk 1')
  })

  it('counts what the content holds', () => {
    const md = [
      '# Guide',
      'Updated 12 March 2026 by Ana Smith.',
      '![Runner on a trail](https://x.example/a.jpg)',
      '![](https://x.example/b.jpg)',
      '| Shoe | Price |\n| --- | --- |\n| A | £1 |',
      '- one\n- two',
      'See [the study](https://journal.example/s) and [home](/home).',
      '## Next',
    ].join('\n\n')
    expect(countContent(md)).toMatchObject({ headings: 2, images: 2, imagesWithAlt: 1, tables: 1, lists: 1, outboundLinks: 1, dates: 1 })
    // It’s · a · well-known · fact · 42 · times
    expect(countWords('It’s a well-known fact, 42 times.')).toBe(6)
  })
})
