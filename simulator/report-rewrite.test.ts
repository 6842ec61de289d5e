import { judgeRewrite, rewritePrompt } from '../app/domain/report/rewrite'
import { INVENT_MARKER, reportRewriteReply } from './report-rewrite'

const sections = [
  { heading: 'Wo die Marke steht', sentences: ['Miele hat 40 % der Markennennungen (n = 25 Nennungen).', 'Durchschnittlicher Rang 1,6.'] },
  { heading: 'Wettbewerb', sentences: ['Der stärkste Wettbewerber Bosch hat 24 % der Nennungen.'] },
]

describe("the simulator's rewrite of a report summary", () => {
  it('changes the wording and keeps every figure: the guard accepts it', () => {
    const reply = reportRewriteReply(rewritePrompt({ lang: 'de', brand: 'Miele', project: 'Miele Waschmaschinen', sections }))!
    expect(reply.paragraphs).toEqual([
      'Kurz gesagt: Miele hat 40 % der Markennennungen (n = 25 Nennungen). Durchschnittlicher Rang 1,6.',
      'Kurz gesagt: Der stärkste Wettbewerber Bosch hat 24 % der Nennungen.',
    ])
    expect(judgeRewrite(reply.paragraphs, sections)?.status).toBe('accepted')
  })

  it('invents a figure when the project carries the marker: the guard refuses it, naming the figure', () => {
    const reply = reportRewriteReply(rewritePrompt({ lang: 'de', brand: 'Miele', project: `Miele ${INVENT_MARKER}`, sections }))!
    expect(reply.paragraphs[0]).toContain('97,3 %')
    expect(judgeRewrite(reply.paragraphs, sections)).toMatchObject({ status: 'rejected', unknownFigures: [97.3] })
  })

  it('answers nothing else', () => {
    expect(reportRewriteReply('best washing machines')).toBeUndefined()
  })
})
