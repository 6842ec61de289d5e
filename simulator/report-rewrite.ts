/**
 * Demo-mode answer to the report summary's rewrite (app/domain/report/rewrite.ts): each section's sentences joined
 * into one paragraph behind a plain lead-in, so the wording changes and every figure stays. A project name holding
 * the marker [invent-figure] gets a paragraph with a figure the facts do not have, as a careless model might write
 * (the tests' way to see the guard refuse a rewrite).
 */
import { figuresIn, parseRewritePrompt } from '../app/domain/report/rewrite'

export const INVENT_MARKER = '[invent-figure]'

const LEAD = { en: 'In short: ', de: 'Kurz gesagt: ', ja: '要するに、' } as const
const INVENTED = { en: (x: string) => `Visibility is expected to reach ${x}% next month.`, de: (x: string) => `Im nächsten Monat dürfte die Sichtbarkeit ${x} % erreichen.`, ja: (x: string) => `来月の可視性は${x}%に達する見込みです。` } as const

export function reportRewriteReply(prompt: string): { paragraphs: string[] } | undefined {
  const t = parseRewritePrompt(prompt)
  if (!t) return undefined
  const paragraphs = t.sections.map((s) => `${LEAD[t.lang]}${s.sentences.join(t.lang === 'ja' ? '' : ' ')}`)
  if (t.project.includes(INVENT_MARKER) && paragraphs.length) {
    const known = new Set(t.sections.flatMap((s) => s.sentences.flatMap(figuresIn)))
    const invented = [97.3, 88.8, 77.7, 66.6].find((x) => !known.has(x)) ?? 99.9
    paragraphs[0] = `${paragraphs[0]} ${INVENTED[t.lang](t.lang === 'de' ? String(invented).replace('.', ',') : String(invented))}`
  }
  return { paragraphs }
}
