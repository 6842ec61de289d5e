/**
 * The version of the metric definitions (mention counting, rank parsing, sentiment and the aggregates in
 * aggregate.ts). An analysis records the version its stored results were computed with; a newer version is
 * applied to an older analysis only by an explicit, recorded rebuild (POST /api/analyses/{id}/evidence-rebuild).
 * Bump it, with a line below, whenever a change alters a stored figure or adds one.
 */
export const METRICS_VERSION = 4

export const METRICS_CHANGES: { version: number; summary: string }[] = [
  { version: 1, summary: 'Mentions, share of model, average and combined rank, visibility %, sentiment (the definitions of the metric help).' },
  { version: 2, summary: 'Adds the spread of every average rank (n, lowest, highest, standard deviation); no earlier figure changes.' },
  {
    version: 3,
    summary:
      'Ranks: on a plain paragraph line an ordinal word names a rank only as a tight label ("First: X", "First place: X", "First up is X"); "First impressions matter: X wins." no longer ranks X (on list lines and headings nothing changes). Sentiment: "caro"/"cher"/"дорогий" (expensive) are no longer positive in es, pt, fr and uk, and common Chinese words ("很好", "很差") count in zh-CN and zh-TW.',
  },
  {
    version: 4,
    summary:
      'Ranks: every brand named on a numbered item\'s own line takes its rank (also after the bold label, and in lists of criteria); CJK rank markers (【1位】, 同率1位, その1, 1순위, TOP1) and column-rank tables; chapters and decimal sections are not ranks, nor are the numbered sections of a report that holds its own ranking; reference headings in every setup language, footnote definitions, trailing citation blocks and URLs with spaces are no longer counted.',
  },
]

/** The version of an analysis's stored results: results stored before versions were recorded are version 1. */
export function metricsVersionOf(recorded: number | null | undefined): number {
  return recorded && recorded > 0 ? recorded : 1
}
