/**
 * The FAQ chat's evaluation: questions as visitors type them — paraphrases, none of them an
 * entry's own question or example phrasing — each with the entry a person reading the FAQ would pick
 * (null: the FAQ does not cover it, so any answer other than "not sure" / "not found" is wrong).
 * Scored by search.eval.test.ts (in `npm test`) and printed by `npm run eval:faq`.
 */
import { answerFaq } from '../../app/domain/faq/search'

export const FAQ_EVALUATION: readonly [question: string, entry: string | null][] = [
  // The two failures a marketer met.
  ['How much does it cost / which models?', 'pricing'],
  ['Can I track in German?', 'languages'],
  ['what is this thing, in short?', 'what-is-it'],
  ['explain the purpose of AI Brand Visibility', 'what-is-it'],
  ['do you cover claude and chatgpt?', 'models'],
  ['Is DeepSeek one of the engines you ask?', 'models'],
  ['Welche Modelle fragt ihr ab?', 'models'],
  ['¿Incluyen Grok y Claude?', 'models'],
  ['how many search questions can I add?', 'queries'],
  ['what counts as a query?', 'queries'],
  ['Combien de questions puis-je poser aux modèles ?', 'queries'],
  ['who picks the competing brands?', 'competitors'],
  ['can I change the list of competitors', 'competitors'],
  ['¿Puedo añadir competidores?', 'competitors'],
  ['does an alternative name of my brand count as a mention', 'mentions'],
  ['Zählt ihr jede Erwähnung meiner Marke?', 'mentions'],
  ['what does rank 1 mean', 'rank'],
  ['why is my rank shown in red', 'rank'],
  ['Wie wird der Rang berechnet?', 'rank'],
  ['how do you work out visibility %', 'visibility'],
  ['Comment calculez-vous la visibilité ?', 'visibility'],
  ['what is rankRate in the API', 'rank-rate'],
  ['Was bedeutet die Rank Rate im Trends-Diagramm?', 'rank-rate'],
  ['what does share of model mean', 'share-of-model'],
  ['is share of model the same as share of voice?', 'share-of-model'],
  ['¿Cómo se calcula la cuota de modelo?', 'share-of-model'],
  ['how is a negative tone detected', 'sentiment'],
  ['what does a sentiment score of -0.2 mean', 'sentiment'],
  ['Comment mesurez-vous le ton des réponses ?', 'sentiment'],
  ['how many minutes do I have to wait for results', 'duration'],
  ['my analysis is slow, is that normal?', 'duration'],
  ['Wie viel Zeit braucht eine Analyse?', 'duration'],
  ['can I run the same project again today?', 'daily'],
  ['how often can I rerun the analysis', 'daily'],
  ['¿Puedo repetir el análisis todos los días?', 'daily'],
  ['what is the maximum number of projects', 'limits'],
  ['my account is paused, why?', 'limits'],
  ['Is it free?', 'pricing'],
  ['what are your prices', 'pricing'],
  ['Wie viel kostet ein Abo?', 'pricing'],
  ['Quel est le prix ?', 'pricing'],
  ['what does light mode leave out', 'light-mode'],
  ['Why are Trends locked in light mode?', 'light-mode'],
  ['which domains get cited in the answers', 'sources'],
  ['what is an earned source', 'sources'],
  ['¿Qué sitios web citan las IA?', 'sources'],
  ['how do I improve my article so AI assistants cite it', 'optimiser'],
  ['what do the optimiser scores mean', 'optimiser'],
  ['can you give me ideas for blog posts', 'ideator'],
  ['Kann das Tool Artikel schreiben?', 'ideator'],
  ['can I ask the assistant about my results', 'ai-chat'],
  ['is there a chat for my analysis', 'ai-chat'],
  ['can I download an Excel file', 'export'],
  ['Comment exporter mes résultats en PDF ?', 'export'],
  ['can my coworkers access the project', 'sharing'],
  ['¿Cómo comparto un proyecto?', 'sharing'],
  ['Which countries and languages can I analyse?', 'languages'],
  ['Puis-je suivre ma marque en espagnol ?', 'languages'],
  ['how do I log in with my work account', 'sign-in'],
  ['I cannot remember my password', 'sign-in'],
  ['why are my numbers simulated', 'demo'],
  ['are the answers fake?', 'demo'],
  ['who can see my analyses?', 'data'],
  ['is my data GDPR compliant', 'data'],
  ['¿Mis datos están seguros?', 'data'],
  ['how can I report a problem', 'contact'],
  ['Où envoyer un retour ?', 'contact'],
  // Not covered by the FAQ.
  ['recipe for banana bread', null],
  ['what is the weather in Paris tomorrow', null],
  ['who won the football last night', null],
]

export type FaqVerdict = 'right' | 'not sure' | 'wrong'

export interface FaqEvaluation {
  total: number
  right: number
  notSure: number
  wrong: number
  /** Each question's verdict and what the chat picked. */
  rows: { question: string; expected: string | null; got: string | null; verdict: FaqVerdict }[]
}

/** Runs the evaluation: right = the expected entry (or no entry for an uncovered question), not sure = no entry, wrong = another entry. */
export function evaluateFaq(): FaqEvaluation {
  const rows = FAQ_EVALUATION.map(([question, expected]) => {
    const got = answerFaq(question).entry?.id ?? null
    const verdict: FaqVerdict = got === expected ? 'right' : got === null ? 'not sure' : 'wrong'
    return { question, expected, got, verdict }
  })
  const count = (v: FaqVerdict) => rows.filter((r) => r.verdict === v).length
  return { total: rows.length, right: count('right'), notSure: count('not sure'), wrong: count('wrong'), rows }
}
