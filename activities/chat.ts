/**
 * AI Chat activity: one model turn through the gateway, its text streamed to the web app as it
 * arrives over PostgreSQL NOTIFY (channel CHAT_STREAM_CHANNEL; the app LISTENs and forwards the deltas to the
 * browser). Deltas are sent one NOTIFY at a time, in order, coalescing whatever arrived meanwhile.
 */
import { ApplicationFailure, Context } from '@temporalio/activity'
import type postgres from 'postgres'
import { classifyError, type Gateway } from './gateway'
import { CHAT_PROVIDER, CHAT_STREAM_CHANNEL, type ChatStreamEvent, type ChatTurnInput, type ChatTurnOutput } from '../app/domain/chat'

/** NOTIFY payloads must stay under 8000 bytes; a delta is cut well below that. */
const MAX_DELTA_CHARS = 1500

export function createStreamPublisher(sql: postgres.Sql<any>, head: Omit<ChatStreamEvent, 'n' | 'd'>) {
  let buffer = ''
  let seq = 0
  let running: Promise<void> | null = null
  let failed = false
  async function drain() {
    while (buffer && !failed) {
      const chunk = buffer.slice(0, MAX_DELTA_CHARS)
      buffer = buffer.slice(chunk.length)
      const event: ChatStreamEvent = { ...head, n: seq++, d: chunk }
      try {
        await sql.notify(CHAT_STREAM_CHANNEL, JSON.stringify(event))
      } catch {
        // Streaming is a courtesy: the reply still arrives whole when the turn ends.
        failed = true
      }
    }
  }
  return {
    push(delta: string) {
      buffer += delta
      running ??= drain().finally(() => (running = null))
    },
    async flush() {
      while (running) await running
      if (buffer && !failed) await drain()
    },
  }
}

export function createChatActivities({ sql, gateway }: { sql: postgres.Sql<any>; gateway: Gateway }) {
  return {
    /** One model turn of a chat question: text (streamed) and the tool calls the model asks for. */
    async chatTurn(input: ChatTurnInput): Promise<ChatTurnOutput> {
      const ctx = Context.current()
      const publisher = createStreamPublisher(sql, { s: input.streamId, t: input.turn, a: ctx.info.attempt })
      if (!gateway.configs[CHAT_PROVIDER]?.configured)
        throw ApplicationFailure.nonRetryable('AI service configuration error. Please contact support.', 'configuration')
      try {
        const answer = await gateway.chat(CHAT_PROVIDER, {
          system: input.system,
          messages: input.messages,
          tools: input.tools,
          allowTools: input.allowTools,
          onText: (d) => publisher.push(d),
          signal: ctx.cancellationSignal,
        })
        await publisher.flush()
        return { text: answer.text, toolCalls: input.allowTools ? answer.toolCalls : [], stopReason: answer.stopReason, provider: answer.provider, model: answer.model, costUsd: answer.costUsd }
      } catch (err) {
        await publisher.flush()
        const ge = classifyError(CHAT_PROVIDER, err)
        throw ApplicationFailure.create({ type: ge.kind, message: ge.userMessage, nextRetryDelay: ge.retryAfterMs, nonRetryable: ge.kind !== 'transient' })
      }
    },
  }
}
