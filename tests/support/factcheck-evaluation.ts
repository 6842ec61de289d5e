/**
 * The fact-check judge's evaluation: 63 claims written by hand about three made-up brands, in English,
 * German and French, each labelled supported / contradicted / unverifiable against its brand's fact sheet. Some are
 * easy (a year one off), some are paraphrases a careful reader gets and a word matcher may not ("five years" for
 * "5 years", "only by email" against "24/7 by chat"): the set measures the judge, it is not written to flatter it.
 * Run against the judge through the gateway and the real SDKs: `npm run eval:factcheck` (the simulator's judge
 * without keys, the real model with them) and activities/factcheck.eval.test.ts (the simulator's, with a floor).
 */
import type { Gateway, ProviderKey } from '../../activities/gateway'
import { judgeAnswer } from '../../activities/factcheck'
import { CLAIM_LABELS, type ClaimLabel } from '../../app/domain/factcheck/judge'

interface Sheet {
  brand: string
  language: string
  facts: string[]
}

const SHEETS: Record<'en' | 'de' | 'fr', Sheet> = {
  en: {
    brand: 'Lumora',
    language: 'en-GB',
    facts: [
      'Lumora was founded in 2014.',
      'Lumora is headquartered in Dublin, Ireland.',
      'The Team plan costs $12 per user per month.',
      'Lumora offers a free plan for up to 5 users.',
      'Lumora does not offer an on-premise version.',
      'Lumora integrates with Slack and Microsoft Teams.',
      'Lumora has more than 2 million users.',
      'Customer support is available 24/7 by chat.',
    ],
  },
  de: {
    brand: 'Tessaro',
    language: 'de-DE',
    facts: [
      'Tessaro wurde 2011 gegründet.',
      'Tessaro hat seinen Hauptsitz in Stuttgart.',
      'Das Einstiegsmodell kostet 2.499 Euro.',
      'Tessaro gewährt 5 Jahre Garantie auf den Rahmen.',
      'Tessaro verkauft nicht über Amazon.',
      'Die Akkus haben eine Reichweite von bis zu 120 Kilometern.',
      'Tessaro produziert alle Räder in Deutschland.',
    ],
  },
  fr: {
    brand: 'Brindille',
    language: 'fr-FR',
    facts: [
      'Brindille a été fondée en 2016.',
      'Le siège de Brindille est à Lyon.',
      'Un panier de trois repas coûte 39 euros.',
      'Brindille livre dans toute la France métropolitaine.',
      'Brindille ne propose pas de plats surgelés.',
      'Les ingrédients sont bio à 80 %.',
      "L'abonnement peut être mis en pause à tout moment.",
    ],
  },
}

/** [language, sentence, label] */
export const FACTCHECK_EVALUATION: [keyof typeof SHEETS, string, ClaimLabel][] = [
  ['en', 'Lumora was founded in 2014 by two former consultants.', 'supported'],
  ['en', 'Lumora is based in Dublin, Ireland.', 'supported'],
  ['en', 'The Team plan of Lumora costs $12 per user per month.', 'supported'],
  ['en', 'Lumora has a free plan for teams of up to 5 users.', 'supported'],
  ['en', 'Lumora is cloud-only and does not offer an on-premise version.', 'supported'],
  ['en', 'Lumora integrates with Slack and Microsoft Teams.', 'supported'],
  ['en', 'More than 2 million people use Lumora.', 'supported'],
  ['en', "Lumora's support is available around the clock via chat.", 'supported'],
  ['en', 'Lumora was founded in 2016.', 'contradicted'],
  ['en', 'Lumora is headquartered in London.', 'contradicted'],
  ['en', "Lumora's Team plan costs $15 per user a month.", 'contradicted'],
  ['en', 'Lumora has no free plan.', 'contradicted'],
  ['en', 'Lumora offers a free plan for up to 10 users.', 'contradicted'],
  ['en', 'Lumora can also be installed on-premise.', 'contradicted'],
  ['en', 'Lumora does not integrate with Slack.', 'contradicted'],
  ['en', 'Lumora has around 500,000 users.', 'contradicted'],
  ['en', "Lumora's support is only available by email.", 'contradicted'],
  ['en', 'Lumora was acquired by Atlassian in 2021.', 'unverifiable'],
  ['en', 'Lumora employs about 300 people.', 'unverifiable'],
  ['en', "Lumora's mobile app is rated 4.7 stars in the App Store.", 'unverifiable'],
  ['en', 'Lumora supports Gantt charts and time tracking.', 'unverifiable'],
  ['en', 'Lumora opened an office in Singapore last year.', 'unverifiable'],
  ['en', 'Lumora is owned by its founders.', 'unverifiable'],

  ['de', 'Tessaro wurde im Jahr 2011 gegründet.', 'supported'],
  ['de', 'Der Hauptsitz von Tessaro liegt in Stuttgart.', 'supported'],
  ['de', 'Das Einstiegsmodell von Tessaro kostet 2.499 Euro.', 'supported'],
  ['de', 'Tessaro gibt 5 Jahre Garantie auf den Rahmen.', 'supported'],
  ['de', 'Auf den Rahmen gibt Tessaro fünf Jahre Garantie.', 'supported'],
  ['de', 'Tessaro verkauft seine Räder nicht über Amazon.', 'supported'],
  ['de', 'Mit einer Akkuladung fährt ein Tessaro bis zu 120 Kilometer weit.', 'supported'],
  ['de', 'Tessaro fertigt alle Räder in Deutschland.', 'supported'],
  ['de', 'Tessaro wurde 2008 gegründet.', 'contradicted'],
  ['de', 'Tessaro hat seinen Hauptsitz in München.', 'contradicted'],
  ['de', 'Bei Tessaro kostet das Einstiegsmodell 1.999 Euro.', 'contradicted'],
  ['de', 'Tessaro gewährt nur 2 Jahre Garantie auf den Rahmen.', 'contradicted'],
  ['de', 'Tessaro-Räder gibt es auch bei Amazon.', 'contradicted'],
  ['de', 'Die Reichweite der Tessaro-Akkus liegt bei 80 Kilometern.', 'contradicted'],
  ['de', 'Tessaro lässt seine Räder in China fertigen.', 'contradicted'],
  ['de', 'Tessaro beschäftigt rund 400 Mitarbeiter.', 'unverifiable'],
  ['de', 'Tessaro wurde 2022 von einem Investor übernommen.', 'unverifiable'],
  ['de', 'Tessaro bietet ein Leasing-Modell für Firmen an.', 'unverifiable'],
  ['de', 'Tessaro hat 2023 den Design-Preis gewonnen.', 'unverifiable'],
  ['de', 'Tessaro plant eine Filiale in Wien.', 'unverifiable'],
  ['de', 'Tessaro liefert in 14 Länder.', 'unverifiable'],

  ['fr', 'Brindille a été fondée en 2016 par deux amis lyonnais.', 'supported'],
  ['fr', 'Brindille a son siège à Lyon.', 'supported'],
  ['fr', 'Chez Brindille, un panier de trois repas coûte 39 euros.', 'supported'],
  ['fr', 'Brindille livre partout en France métropolitaine.', 'supported'],
  ['fr', 'Brindille ne propose aucun plat surgelé.', 'supported'],
  ['fr', 'Chez Brindille, 80 % des ingrédients sont bio.', 'supported'],
  ["fr", "L'abonnement Brindille peut être suspendu à tout moment.", 'supported'],
  ['fr', 'Brindille a été fondée en 2019.', 'contradicted'],
  ['fr', 'Le siège de Brindille se trouve à Paris.', 'contradicted'],
  ['fr', 'Un panier Brindille de trois repas coûte 49 euros.', 'contradicted'],
  ['fr', 'Brindille livre uniquement en Île-de-France.', 'contradicted'],
  ['fr', 'Brindille propose aussi des plats surgelés.', 'contradicted'],
  ['fr', 'Seuls 50 % des ingrédients de Brindille sont bio.', 'contradicted'],
  ['fr', "Brindille ne permet pas de mettre l'abonnement en pause.", 'contradicted'],
  ['fr', "Brindille a levé 12 millions d'euros en 2021.", 'unverifiable'],
  ['fr', 'Brindille emploie 150 personnes.', 'unverifiable'],
  ['fr', 'Brindille a été rachetée par un groupe allemand.', 'unverifiable'],
  ['fr', 'Brindille propose des recettes végétariennes chaque semaine.', 'unverifiable'],
  ['fr', 'Brindille a ouvert une boutique à Bordeaux.', 'unverifiable'],
  ['fr', 'Brindille est disponible en Belgique depuis 2022.', 'unverifiable'],
]

export interface EvaluationRow {
  language: string
  sentence: string
  expected: ClaimLabel
  /** The judge's label of the sentence; null when it found no claim in it. */
  got: ClaimLabel | null
}

export interface LabelScore {
  label: ClaimLabel
  /** Claims labelled so by hand. */
  n: number
  truePositives: number
  /** Claims the judge labelled so. */
  predicted: number
  precision: number
  recall: number
}

export interface FactcheckEvaluation {
  provider: ProviderKey
  rows: EvaluationRow[]
  labels: LabelScore[]
  accuracy: number
  costUsd: number
}

/** Precision and recall per label (a missed claim counts against recall only). */
export function scoreRows(rows: EvaluationRow[]): { labels: LabelScore[]; accuracy: number } {
  const labels = CLAIM_LABELS.map((label) => {
    const n = rows.filter((r) => r.expected === label).length
    const predicted = rows.filter((r) => r.got === label).length
    const truePositives = rows.filter((r) => r.expected === label && r.got === label).length
    return { label, n, truePositives, predicted, precision: predicted ? truePositives / predicted : 0, recall: n ? truePositives / n : 0 }
  })
  return { labels, accuracy: rows.filter((r) => r.got === r.expected).length / Math.max(1, rows.length) }
}

/** Every claim of the set through the judge (the production call: prompt, gateway, SDK, zod, quote check). */
export async function evaluateFactcheck(gateway: Gateway, provider: ProviderKey): Promise<FactcheckEvaluation> {
  let costUsd = 0
  const rows = await Promise.all(
    FACTCHECK_EVALUATION.map(async ([lang, sentence, expected]): Promise<EvaluationRow> => {
      const sheet = SHEETS[lang]
      const out = await judgeAnswer(gateway, provider, { brand: sheet.brand, alternativeNames: [], language: sheet.language, facts: sheet.facts, answer: sentence })
      costUsd += out.costUsd
      return { language: lang, sentence, expected, got: out.claims[0]?.label ?? null }
    }),
  )
  return { provider, rows, ...scoreRows(rows), costUsd }
}
