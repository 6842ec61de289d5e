/**
 * What each ideator model call must answer: one zod schema per call, validated in the activity, and the
 * JSON schema sent to the model as structured output, derived from the same zod schema. Pure.
 */
import { z } from 'zod/v4'

export const ideasReply = z.object({
  ideas: z.array(
    z.object({
      title: z.string().min(1),
      description: z.string().min(1),
      keyElements: z.array(z.string()),
      /** The id of the gap (from the grounding) this idea closes. */
      gapId: z.string(),
    }),
  ),
})

export const scoresReply = z.object({
  scores: z.array(z.object({ id: z.string(), score: z.number().min(0).max(1), reason: z.string() })),
})

export const contentReply = z.object({ content: z.string().min(1) })

export const IDEATOR_REPLIES = { ideas: ideasReply, score: scoresReply, content: contentReply } as const
export type IdeatorTask = keyof typeof IDEATOR_REPLIES
export type IdeatorReplyOf<T extends IdeatorTask> = z.infer<(typeof IDEATOR_REPLIES)[T]>

/** The JSON schema sent to the model for a task (strict-mode compatible: every property required, no extras). */
export function ideatorJsonSchema(task: IdeatorTask): Record<string, unknown> {
  const { $schema: _drop, ...schema } = z.toJSONSchema(IDEATOR_REPLIES[task], { target: 'draft-2020-12' }) as Record<string, unknown>
  return schema
}

/** Validates a model's reply; the first problems as one readable line when it does not fit. */
export function parseIdeatorReply<T extends IdeatorTask>(task: T, value: unknown): { ok: true; data: IdeatorReplyOf<T> } | { ok: false; error: string } {
  const r = IDEATOR_REPLIES[task].safeParse(value)
  if (r.success) return { ok: true, data: r.data as IdeatorReplyOf<T> }
  return { ok: false, error: r.error.issues.slice(0, 3).map((i) => `${i.path.join('.') || '$'}: ${i.message}`).join('; ') }
}
