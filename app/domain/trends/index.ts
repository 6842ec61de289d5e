/**
 * Trends over daily analyses ('Trends & Historical Data'). Pure: the server builds one
 * compact TrendPoint per completed analysis from its stored answers (once, then reads the stored point),
 * and the page's series, tables, intervals and alerts are all computed here from those points.
 *
 * Decisions where the spec is silent:
 * - The brand totals count the six card models (a series stays comparable whether or not the engines ran); an answer
 *   counts when ok and not blank (as on the results screens). Every model the analyses hold, the engines included,
 *   also has its own series (`models`, per day and for the selected query), with its catalogue name and colour.
 * - Per-model rates count answers: mention rate x = answers naming the brand, n = the model's answers with text. An
 *   absent AI Overview (the engine showed none for the query) is a result counted in `absent` and presence, never in n.
 * - Mentions per brand and day = the results screens' total: per model and query the mean over the
 *   answered samples, summed.
 * - Rates and their intervals use raw counts over every sample (so value and band agree): mention
 *   share x = the brand's mention occurrences, n = all brands' occurrences; rank rate x = answers that
 *   rank the brand, n = answered answers. With one sample per query the share equals the results screens'.
 * - Rank rate on the Trends page = share of answered answers (all models, queries, samples) that rank
 *   the brand: the spec's "rank above 0" rule per answer, so it has an n and an interval. It is not the
 *   results screens' Visibility % (share of the six models), so it has a name of its own.
 * - Rank = the combined rank (mean of the models' average ranks, 1 decimal); per query the combined
 *   rank of that query. Lower is better; null when unranked.
 * - Daily percent change = (today - previous day) / previous day x 100, 1 decimal; none when the
 *   previous day had 0 mentions or there is no previous day.
 * - Topic trend: a brand's mentions of the day x (queries in the topic / all queries of that day).
 * - Several completed analyses on one date: the latest one counts.
 */
export * from './common'
export * from './points'
export * from './view'
export * from './alerts'
export * from './schedule'
