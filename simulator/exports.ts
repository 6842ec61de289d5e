/**
 * Demo-mode answer to the export's 'AI Insights' task (app/domain/exports/summary.ts): a short summary
 * written from the figures in the prompt only, so the demo never invents numbers.
 */
import { parseSummaryPrompt } from '../app/domain/exports/summary'

const pct = (n: number) => `${Math.round(n * 10) / 10}%`

export function exportSummaryReply(text: string): { summary: string } | undefined {
  const f = parseSummaryPrompt(text)
  if (!f) return undefined
  const own = f.brands.find((b) => b.isOwn)
  const rivals = f.brands.filter((b) => !b.isOwn).sort((a, b) => b.share - a.share)
  const leader = rivals[0]
  const sentences: string[] = []
  sentences.push(
    `Across ${f.answers} AI answers from ${f.models.join(', ') || 'the models asked'} on ${f.analysisDate}, ${f.brand} holds ${pct(own?.share ?? 0)} of the brand mentions in ${f.market}` +
      (f.ownRankPosition ? ` and ranks #${f.ownRankPosition} among the brands the answers list.` : ', but the answers do not place it in their ranked lists.'),
  )
  if (leader) {
    sentences.push(
      leader.share > (own?.share ?? 0)
        ? `${leader.name} is named more often (${pct(leader.share)}), so it is the brand AI assistants reach for first.`
        : `The closest competitor, ${leader.name}, has ${pct(leader.share)} of mentions.`,
    )
  }
  if (own) sentences.push(`When ${f.brand} is named, ${pct(own.positive)} of the statements are positive and ${pct(own.negative)} negative.`)
  if (f.discovered.length) {
    sentences.push(`The answers also name ${f.discovered.map((d) => d.name).join(', ')}, which this project does not track: add them as competitors to see the full picture.`)
  } else {
    sentences.push(`Next step: strengthen the pages AI assistants cite for the queries where ${f.brand} is missing.`)
  }
  return { summary: sentences.join(' ') }
}
