/**
 * The AI Chat's model turn: Claude's Messages API with client tools, streamed (the SDK's MessageStream over
 * server-sent events) so the reply's text reaches the user as it is written. One call is one turn: the
 * model either asks for tools (stop_reason "tool_use") or answers; the caller runs the tools and calls again.
 */
import Anthropic from '@anthropic-ai/sdk'
import type { ChatToolCall, ChatToolSpec, ChatTurnMessage } from '../../app/domain/chat'
import { parseAnthropic } from './normalise'
import type { AdapterResult } from './providers'
import type { ProviderConfig } from './types'

export interface ChatCall {
  system?: string
  messages: ChatTurnMessage[]
  tools: ChatToolSpec[]
  /** false: the model may not call tools this turn (tool_choice none). */
  allowTools: boolean
  onText?: (delta: string) => void
  signal: AbortSignal
}

const CHAT_MAX_TOKENS = 4096
const SDK_TIMEOUT_SLACK_MS = 1000

/** Our turns in the Messages API's shape: tool calls as tool_use blocks, tool results as a user turn of tool_result blocks. */
export function toAnthropicMessages(messages: ChatTurnMessage[]): Anthropic.MessageParam[] {
  return messages.map((m): Anthropic.MessageParam => {
    if (m.role === 'user') return { role: 'user', content: m.text }
    if (m.role === 'assistant') {
      const content: Anthropic.ContentBlockParam[] = []
      if (m.text.trim()) content.push({ type: 'text', text: m.text })
      for (const c of m.toolCalls ?? []) content.push({ type: 'tool_use', id: c.id, name: c.name, input: c.input })
      return { role: 'assistant', content: content.length ? content : m.text || '…' }
    }
    return { role: 'user', content: m.results.map((r) => ({ type: 'tool_result' as const, tool_use_id: r.id, content: r.content, ...(r.isError ? { is_error: true } : {}) })) }
  })
}

export function toolCallsOf(message: Anthropic.Message): ChatToolCall[] {
  return message.content.flatMap((b) =>
    b.type === 'tool_use' ? [{ id: b.id, name: b.name, input: b.input && typeof b.input === 'object' ? (b.input as Record<string, unknown>) : {} }] : [],
  )
}

const clients = new WeakMap<ProviderConfig, Anthropic>()

export async function anthropicChatTurn(cfg: ProviderConfig, call: ChatCall): Promise<AdapterResult & { message: Anthropic.Message }> {
  let client = clients.get(cfg)
  if (!client) {
    client = new Anthropic({ apiKey: cfg.apiKey, baseURL: cfg.baseUrl, maxRetries: 0, timeout: cfg.timeoutMs + SDK_TIMEOUT_SLACK_MS })
    clients.set(cfg, client)
  }
  const stream = client.messages.stream(
    {
      model: cfg.model,
      max_tokens: CHAT_MAX_TOKENS,
      ...(call.system ? { system: call.system } : {}),
      messages: toAnthropicMessages(call.messages),
      ...(call.tools.length
        ? {
            tools: call.tools.map((t) => ({ name: t.name, description: t.description, input_schema: t.inputSchema as Anthropic.Tool.InputSchema })),
            tool_choice: call.allowTools ? { type: 'auto' as const } : { type: 'none' as const },
          }
        : {}),
    },
    { signal: call.signal },
  )
  if (call.onText) stream.on('text', (delta) => call.onText?.(delta))
  const message = await stream.finalMessage()
  return { raw: message, parsed: parseAnthropic(message), message }
}
