/**
 * The optional model rewrite of the summary's style, and its guard: a rewritten text may be shown only when every
 * figure in it appears among the computed summary's figures, so a model can change the wording but never a number.
 * Otherwise the computed summary is shown and the report says why. Pure: the prompt, the reply's schema, the guard
 * and what the report shows (the call is activities/report-rewrite.ts).
 *
 * A figure is a number as written (digits with an optional decimal point or comma), compared by value, so "40,0"
 * matches "40" and a German comma matches an English point. Dates count as their parts (2025, 05, 20).
 */
import { z } from 'zod'
import type { ReportLang } from './summary-text'
import type { SummarySection } from './summary-text'

/** Every number written in a text, as values. */
export function figuresIn(text: string): number[] {
  return [...text.matchAll(/\d+(?:[.,]\d+)?/g)].map((m) => Number(m[0].replace(',', '.')))
}

/** The figures of `rewritten` that the facts' text does not contain (empty: the rewrite is faithful). */
export function unknownFigures(rewritten: string, facts: string): number[] {
  const known = new Set(figuresIn(facts))
  return [...new Set(figuresIn(rewritten).filter((x) => !known.has(x)))]
}

/** The computed summary as the one text the guard checks against. */
export const factsText = (sections: readonly SummarySection[]) => sections.map((s) => [s.heading, ...s.sentences].join('\n')).join('\n')

const TASK = "Task: rewrite the style of a report's executive summary."
const END = 'End of sections.'
export const REWRITE_SYSTEM =
  'You edit the executive summary of a brand-visibility report for a client or a board. You change the wording only: ' +
  'every number you write must appear in the given section exactly as it is written there; never add, round or compute a number.'
export const REWRITE_SCHEMA_NAME = 'report_summary_rewrite'
export const REWRITE_SCHEMA = {
  type: 'object',
  properties: { paragraphs: { type: 'array', items: { type: 'string' } } },
  required: ['paragraphs'],
  additionalProperties: false,
} as const

export interface RewriteTask {
  lang: ReportLang
  brand: string
  project: string
  sections: SummarySection[]
}

/** The prompt: the computed sections, one sentence a line, and the rules. */
export function rewritePrompt(t: RewriteTask): string {
  return [
    TASK,
    `Language: ${t.lang}`,
    `Brand: ${t.brand}`,
    `Project: ${t.project}`,
    `Rewrite each of the ${t.sections.length} sections below as one paragraph in the same language, in plain, confident prose for a client or a board. ` +
      'Use only the facts given. Every number you write must appear in that section exactly as written; do not add, round or compute numbers. ' +
      'Keep brand names, domains and queries as written. Answer with one paragraph per section, in order.',
    'Sections:',
    ...t.sections.flatMap((s) => [`### ${s.heading}`, ...s.sentences.map((x) => x.replace(/\s*\n\s*/g, ' '))]),
    END,
  ].join('\n')
}

/** The task back from a prompt (the demo simulator answers it), or null when the prompt is not one. */
export function parseRewritePrompt(prompt: string): RewriteTask | null {
  const at = prompt.indexOf(TASK)
  if (at < 0) return null
  const lines = prompt.slice(at).split('\n')
  const value = (k: string) => lines.find((l) => l.startsWith(`${k}: `))?.slice(k.length + 2) ?? ''
  const lang = value('Language')
  if (lang !== 'en' && lang !== 'de' && lang !== 'ja') return null
  const sections: SummarySection[] = []
  for (const l of lines.slice(lines.indexOf('Sections:') + 1)) {
    if (l === END) break
    if (l.startsWith('### ')) sections.push({ heading: l.slice(4), sentences: [] })
    else if (l.trim() && sections.length) sections[sections.length - 1].sentences.push(l)
  }
  return { lang, brand: value('Brand'), project: value('Project'), sections }
}

export const rewriteReply = z.object({ paragraphs: z.array(z.string().trim().min(1).max(4000)).min(1).max(12) })

export type RewriteVerdict = { status: 'accepted'; paragraphs: string[] } | { status: 'rejected'; paragraphs: string[]; unknownFigures: number[] }

/** Accepted only with one paragraph per section and no figure outside the computed facts. */
export function judgeRewrite(paragraphs: readonly string[], sections: readonly SummarySection[]): RewriteVerdict | null {
  if (paragraphs.length !== sections.length) return null
  const unknown = unknownFigures(paragraphs.join('\n'), factsText(sections))
  return unknown.length ? { status: 'rejected', paragraphs: [...paragraphs], unknownFigures: unknown } : { status: 'accepted', paragraphs: [...paragraphs] }
}

const PROVIDER: Record<string, string> = { openai: 'OpenAI', anthropic: 'Anthropic', gemini: 'Google Gemini', deepseek: 'DeepSeek', xai: 'xAI', perplexity: 'Perplexity' }

const NOTES: Record<ReportLang, { rewritten: (provider: string) => string; simulated: string; rejected: (figures: string) => string }> = {
  en: {
    rewritten: (p) => `The wording of this summary was rewritten by a model (${p}) from the computed facts; every figure in it was checked against them.`,
    simulated: 'Simulated: in demo mode the built-in model simulator rewrote it, not a real AI model.',
    rejected: (f) => `A model's rewrite of this summary was not used: it contained figures that are not among the computed facts (${f}). The computed summary is shown.`,
  },
  de: {
    rewritten: (p) => `Der Wortlaut dieser Zusammenfassung wurde von einem Modell (${p}) aus den berechneten Fakten umformuliert; jede Zahl darin wurde mit ihnen abgeglichen.`,
    simulated: 'Simuliert: Im Demo-Modus hat der eingebaute Modell-Simulator sie umformuliert, kein echtes KI-Modell.',
    rejected: (f) => `Die Umformulierung dieser Zusammenfassung durch ein Modell wurde nicht verwendet: Sie enthielt Zahlen, die nicht zu den berechneten Fakten gehören (${f}). Gezeigt wird die berechnete Zusammenfassung.`,
  },
  ja: {
    rewritten: (p) => `このサマリーの文面は、算出された事実をもとにモデル（${p}）が書き直しました。含まれる数値はすべて事実と照合済みです。`,
    simulated: 'シミュレーション：デモモードのため、実際のAIモデルではなく内蔵のモデルシミュレーターが書き直しました。',
    rejected: (f) => `モデルによるこのサマリーの書き直しは使用していません。算出された事実にない数値（${f}）が含まれていたためです。算出されたサマリーを表示しています。`,
  },
}

export interface SummaryNote {
  kind: 'rewritten' | 'rejected'
  text: string
}

/** A stored rewrite as the report uses it (status, paragraphs, the figures the guard refused). */
export interface RewriteRecord {
  status: 'pending' | 'accepted' | 'rejected' | 'failed'
  paragraphs: string[] | null
  unknownFigures: number[]
  provider: string | null
  simulated: boolean
}

/**
 * What the report shows: an accepted rewrite that passes the guard again (one paragraph under each computed heading,
 * with a note saying a model wrote it), otherwise the computed summary — with a notice when a rewrite was refused.
 */
export function summaryWithRewrite(sections: SummarySection[], lang: ReportLang, r: RewriteRecord | null): { summary: SummarySection[]; note: SummaryNote | null } {
  if (!r || r.status === 'pending' || r.status === 'failed' || !r.paragraphs) return { summary: sections, note: null }
  const n = NOTES[lang]
  const verdict = r.status === 'accepted' ? judgeRewrite(r.paragraphs, sections) : null
  if (verdict?.status === 'accepted') {
    const by = PROVIDER[r.provider ?? ''] ?? r.provider ?? 'AI'
    return {
      summary: sections.map((s, i) => ({ heading: s.heading, sentences: [verdict.paragraphs[i]] })),
      note: { kind: 'rewritten', text: r.simulated ? `${n.rewritten(by)} ${n.simulated}` : n.rewritten(by) },
    }
  }
  const figures = verdict?.status === 'rejected' ? verdict.unknownFigures : r.unknownFigures
  return { summary: sections, note: { kind: 'rejected', text: n.rejected(figures.map(String).join(', ') || '–') } }
}
