/**
 * The report's experiments section: per recorded content change, the treated and control queries' visibility before
 * and after it, the difference-in-differences estimate with its bootstrap interval, and the test used. The figures
 * are app/domain/experiments' own (the Experiments panel's), over the days up to the report's date. Pure.
 */
import { cellValue, estimateAll, queryDays, type Design, type Estimate, type ExperimentCell } from '../experiments'
import { num, type ReportLang } from './summary-text'

/** A report shows the latest few changes: beyond them the section would crowd out the rest. */
export const REPORT_EXPERIMENTS = 3

export interface ReportExperiment {
  description: string
  changeDate: string
  /** Mean visibility (%) of each group's queries before and after the change; null without data on a side. */
  treated: { before: number | null; after: number | null }
  control: { before: number | null; after: number | null }
  visibility: Estimate
  /** Enough data for an estimate: both groups have days on both sides of the change. */
  enough: boolean
}

const round1 = (x: number) => Math.round(x * 10) / 10
const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null)

/**
 * One change over the cells of its queries (query numbers: treated first, then control) up to `asOf`. Each group's
 * period value is the mean over its queries of the query's own mean over the period's days, as the estimate pairs them.
 */
export function reportExperiment(
  e: { description: string; changeDate: string; treated: number; control: number },
  cells: readonly ExperimentCell[],
  asOf: string,
): ReportExperiment {
  const upTo = cells.filter((c) => c.date <= asOf)
  const design: Design = {
    changeDate: e.changeDate,
    treated: Array.from({ length: e.treated }, (_, i) => i),
    control: Array.from({ length: e.control }, (_, i) => e.treated + i),
  }
  const visibility = estimateAll(upTo, design)[0]
  const perQuery = new Map<number, { before: number[]; after: number[] }>()
  for (const d of queryDays(upTo)) {
    const v = cellValue(d, 'visibility')
    if (v === null) continue
    const q = perQuery.get(d.query) ?? { before: [], after: [] }
    ;(d.date < e.changeDate ? q.before : q.after).push(v)
    perQuery.set(d.query, q)
  }
  const group = (qs: readonly number[], side: 'before' | 'after') => {
    const m = mean(qs.map((q) => mean(perQuery.get(q)?.[side] ?? [])).filter((x): x is number => x !== null))
    return m === null ? null : round1(m)
  }
  const sides = (qs: readonly number[]) => ({ before: group(qs, 'before'), after: group(qs, 'after') })
  return { description: e.description, changeDate: e.changeDate, treated: sides(design.treated), control: sides(design.control), visibility, enough: visibility.effect !== null }
}

interface ExperimentWords {
  heading: string
  title: (description: string, date: string) => string
  treated: string
  control: string
  before: string
  after: string
  groups: (t: string, c: string) => string
  effect: (effect: string, low: string, high: string) => string
  test: string
  n: (n: Estimate['n']) => string
  notEnough: (n: Estimate['n']) => string
}

const sign = (lang: ReportLang, x: number) => `${x > 0 ? '+' : x < 0 ? '−' : '±'}${num(lang, Math.abs(x))}`

export const EXPERIMENT_WORDS: Record<ReportLang, ExperimentWords> = {
  en: {
    heading: 'Experiments',
    title: (d, date) => `Change of ${date}: ${d}`,
    treated: 'Treated queries', control: 'Control queries', before: 'Before', after: 'After',
    groups: (t, c) => `Visibility of the treated queries ${t}; of the control queries ${c}.`,
    effect: (x, l, h) => `Estimated effect on visibility: ${x} points (95 % interval ${l} to ${h}).`,
    test: 'Test: difference in differences (treated minus control, after minus before), 95 % bootstrap interval over queries and days (1,000 draws).',
    n: (n) => `n = ${n.treatedQueries} treated and ${n.controlQueries} control queries, ${n.daysBefore} days before and ${n.daysAfter} after, ${n.answers} answers.`,
    notEnough: (n) => `Not enough data for an estimate yet: it needs daily runs before and after the change for both groups (so far ${n.daysBefore} days before and ${n.daysAfter} after).`,
  },
  de: {
    heading: 'Experimente',
    title: (d, date) => `Änderung vom ${date}: ${d}`,
    treated: 'Behandelte Anfragen', control: 'Kontrollanfragen', before: 'Vorher', after: 'Nachher',
    groups: (t, c) => `Sichtbarkeit der behandelten Anfragen ${t}; der Kontrollanfragen ${c}.`,
    effect: (x, l, h) => `Geschätzte Wirkung auf die Sichtbarkeit: ${x} Prozentpunkte (95-%-Intervall ${l} bis ${h}).`,
    test: 'Test: Differenz der Differenzen (behandelt minus Kontrolle, nachher minus vorher), 95-%-Bootstrap-Intervall über Anfragen und Tage (1000 Ziehungen).',
    n: (n) => `n = ${n.treatedQueries} behandelte und ${n.controlQueries} Kontrollanfragen, ${n.daysBefore} Tage vorher und ${n.daysAfter} nachher, ${n.answers} Antworten.`,
    notEnough: (n) => `Noch nicht genug Daten für eine Schätzung: Nötig sind tägliche Läufe vor und nach der Änderung für beide Gruppen (bisher ${n.daysBefore} Tage vorher und ${n.daysAfter} nachher).`,
  },
  ja: {
    heading: '実験',
    title: (d, date) => `${date}の変更：${d}`,
    treated: '対象クエリ', control: '対照クエリ', before: '変更前', after: '変更後',
    groups: (t, c) => `対象クエリの可視性は${t}、対照クエリは${c}。`,
    effect: (x, l, h) => `可視性への推定効果：${x}ポイント（95 %区間 ${l}〜${h}）。`,
    test: '検定：差の差分法（対象−対照、変更後−変更前）、クエリと日を単位とする95 %ブートストラップ区間（1,000回）。',
    n: (n) => `n = 対象クエリ${n.treatedQueries}件・対照クエリ${n.controlQueries}件、変更前${n.daysBefore}日・変更後${n.daysAfter}日、回答${n.answers}件。`,
    notEnough: (n) => `推定に必要なデータがまだ足りません：両グループとも変更の前後に日次実行が必要です（現在、変更前${n.daysBefore}日・変更後${n.daysAfter}日）。`,
  },
}

const pct = (lang: ReportLang, x: number | null) => (x === null ? '–' : `${num(lang, x)}${lang === 'de' ? ' %' : '%'}`)

/** The sentences under an experiment's chart: the groups' figures, the effect and its interval, the test, the n. */
export function experimentCaption(x: ReportExperiment, lang: ReportLang): string[] {
  const w = EXPERIMENT_WORDS[lang]
  const side = (g: ReportExperiment['treated']) => `${w.before.toLowerCase()} ${pct(lang, g.before)}, ${w.after.toLowerCase()} ${pct(lang, g.after)}`
  const v = x.visibility
  if (!x.enough || v.effect === null || v.low === null || v.high === null) return [w.notEnough(v.n)]
  return [
    lang === 'ja' ? w.groups(`${w.before}${pct(lang, x.treated.before)}・${w.after}${pct(lang, x.treated.after)}`, `${w.before}${pct(lang, x.control.before)}・${w.after}${pct(lang, x.control.after)}`) : w.groups(side(x.treated), side(x.control)),
    w.effect(sign(lang, v.effect), num(lang, v.low), num(lang, v.high)),
    w.test,
    w.n(v.n),
  ]
}
