/**
 * The fact-check judge's task: given the brand's facts and one answer, list the answer's claims about
 * the brand and label each supported / contradicted / unverifiable against the facts, quoting the sentence. Pure:
 * the prompt, its JSON schema, the strict zod check of the reply and the check of each quote against the answer.
 * activities/factcheck.ts makes the call through the gateway; the simulator answers it in demo mode.
 */
import { z } from 'zod'

export const CLAIM_LABELS = ['supported', 'contradicted', 'unverifiable'] as const
export type ClaimLabel = (typeof CLAIM_LABELS)[number]

/** Claims taken from one answer at most (a longer list is cut): a brand rarely gets more sentences than this. */
export const MAX_CLAIMS_PER_ANSWER = 12
/** The answer text the judge reads at most (characters); the brand's sentences come first in every answer seen. */
export const MAX_ANSWER_CHARS = 12_000

export const JUDGE_MARKER = 'TASK: BRAND FACT-CHECK'
export const JUDGE_SCHEMA_NAME = 'brand_fact_check'

/** What the prompt carries after the marker (and the simulator reads back). */
export interface JudgeInput {
  brand: string
  /** Other names of the brand (a claim about them is a claim about the brand). */
  alternativeNames: string[]
  /** The project's language (BCP 47), so that the judge reads the answer in it. */
  language: string
  /** Numbered from 1 in this order. */
  facts: string[]
  answer: string
}

export const JUDGE_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['claims'],
  properties: {
    claims: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['sentence', 'claim', 'label', 'fact'],
        properties: {
          sentence: { type: 'string', description: 'The sentence of the answer that makes the claim, copied exactly.' },
          claim: { type: 'string', description: 'The claim about the brand in a few words, in the answer\u2019s language.' },
          label: { type: 'string', enum: [...CLAIM_LABELS] },
          fact: { type: 'integer', description: 'The number of the fact that supports or contradicts the claim; 0 when unverifiable.' },
        },
      },
    },
  },
} as const

export const JUDGE_SYSTEM =
  'You are a meticulous fact-checker. You compare what an AI assistant said about a brand with the brand\u2019s own fact sheet. ' +
  'You never use outside knowledge: a claim the facts neither confirm nor contradict is unverifiable.'

export function judgePrompt(input: JudgeInput): string {
  return [
    'Read the answer below. List every factual claim it makes about the brand (founding, location, prices, plans, features, what it does or does not do, ownership, figures).',
    'Skip opinions and rankings ("one of the best", "popular"). For each claim, copy the sentence it is in exactly as written, state the claim briefly,',
    'and label it: supported (a fact says the same), contradicted (a fact says otherwise: another year, place, price, number, or the opposite), or unverifiable (no fact covers it).',
    'Give the number of the fact for supported and contradicted claims, 0 for unverifiable. The answer may be in any language; the claim stays in the answer\u2019s language.',
    JUDGE_MARKER,
    JSON.stringify({ ...input, answer: input.answer.slice(0, MAX_ANSWER_CHARS) }),
  ].join('\n')
}

/** The input back from a prompt (the simulator's side), or null when the text is not this task. */
export function parseJudgePrompt(text: string): JudgeInput | null {
  const at = text.indexOf(JUDGE_MARKER)
  if (at < 0) return null
  try {
    const v = JSON.parse(text.slice(at + JUDGE_MARKER.length).trim().split('\n')[0])
    return v && typeof v.brand === 'string' && Array.isArray(v.facts) && typeof v.answer === 'string' ? { alternativeNames: [], language: 'en', ...v } : null
  } catch {
    return null
  }
}

const judgedClaim = z.object({
  sentence: z.string().trim().min(1, 'sentence is empty').max(2000, 'sentence too long'),
  claim: z.string().trim().min(1, 'claim is empty').max(500, 'claim too long'),
  label: z.enum(CLAIM_LABELS),
  fact: z.number().int('fact must be a whole number').min(0, 'fact must be 0 or more'),
})

/** The strict check of a reply: anything else is an invalid reply (the activity retries it, then gives up on the answer). */
export const judgeReplySchema = z.object({ claims: z.array(judgedClaim).max(50, 'too many claims') }).strict()
export type JudgeReply = z.infer<typeof judgeReplySchema>

export interface JudgedClaim {
  label: ClaimLabel
  claim: string
  sentence: string
  /** Index into the facts (0-based), null for unverifiable. */
  factIndex: number | null
}

const squash = (s: string) => s.replace(/\s+/g, ' ').trim()

/**
 * The claims to store from a reply that passed the schema: a supported or contradicted claim must name an existing
 * fact (else it is problem), and its sentence must be in the answer (a quote the answer does not hold is dropped:
 * the screen shows the sentence as the model's own words). At most MAX_CLAIMS_PER_ANSWER, duplicates once.
 */
export function acceptClaims(reply: JudgeReply, answer: string, factCount: number): { claims: JudgedClaim[]; problems: string[] } {
  const text = squash(answer)
  const problems: string[] = []
  const seen = new Set<string>()
  const claims: JudgedClaim[] = []
  for (const c of reply.claims) {
    const sentence = squash(c.sentence)
    if (!text.includes(sentence)) {
      problems.push(`quote not in the answer: ${sentence.slice(0, 80)}`)
      continue
    }
    const needsFact = c.label !== 'unverifiable'
    if (needsFact && (c.fact < 1 || c.fact > factCount)) {
      problems.push(`${c.label} claim names fact ${c.fact} of ${factCount}`)
      continue
    }
    const key = `${c.label}|${needsFact ? c.fact : 0}|${sentence}`
    if (seen.has(key)) continue
    seen.add(key)
    claims.push({ label: c.label, claim: squash(c.claim), sentence, factIndex: needsFact ? c.fact - 1 : null })
    if (claims.length >= MAX_CLAIMS_PER_ANSWER) break
  }
  return { claims, problems }
}
