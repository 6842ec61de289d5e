/**
 * AI Chat over an analysis (POST /api/ai-chat): what the browser, the
 * app, the workflow, the activity and the simulator share. Pure: no I/O.
 */
import { z } from 'zod'
import { id, text } from '../validation'

/** The last 10 messages go with each question. */
export const CHAT_HISTORY_LIMIT = 10
/** Ours: a question longer than this is refused (400). */
export const CHAT_MESSAGE_MAX = 4_000
/** Ours: each history message is cut to this many characters before it goes to the model. */
export const CHAT_HISTORY_MESSAGE_MAX = 8_000
/** Ours: model turns per question (tool rounds + the answer); the last turn may not call tools. */
export const CHAT_MAX_TURNS = 4
/** PostgreSQL NOTIFY channel the chat activity streams reply text on; the app LISTENs. */
export const CHAT_STREAM_CHANNEL = 'chat_stream'

export type ChatRole = 'system' | 'user' | 'assistant'

/** One data source a reply was built from: the tool the model called, its arguments, and the screen it mirrors. */
export interface DataContextItem {
  tool: string
  title: string
  input: Record<string, unknown>
}

/** A chat message: role system, user or assistant. */
export interface ChatMessage {
  id: string
  role: ChatRole
  content: string
  timestamp: string
  dataContext: DataContextItem[]
}

// ------------------------------------------------------------------ requests

const historyItem = z.object({
  role: z.enum(['user', 'assistant', 'system'], { error: 'conversationHistory role must be user, assistant or system' }),
  content: z.string({ error: 'conversationHistory content must be text' }).max(50_000, 'conversationHistory content is too long'),
}).passthrough()

/** POST /api/ai-chat body. */
export const chatRequestSchema = z.object({
  projectId: id('projectId'),
  analysisId: id('analysisId'),
  message: text('message', CHAT_MESSAGE_MAX, { required: 'Please enter a message' }),
  conversationHistory: z.array(historyItem, { error: 'conversationHistory must be a list' }).max(200, 'conversationHistory: at most 200 items').optional(),
})
export type ChatRequest = z.infer<typeof chatRequestSchema>

/** DELETE /api/ai-chat body (Clear). */
export const chatClearSchema = z.object({ projectId: id('projectId'), analysisId: id('analysisId') })

/** The last 10 user/assistant messages, each cut to a bound; system messages (the welcome) are not sent. */
export function historyForModel(history: { role: string; content: string }[] | undefined): { role: 'user' | 'assistant'; content: string }[] {
  const turns = (history ?? [])
    .filter((m): m is { role: 'user' | 'assistant'; content: string } => (m.role === 'user' || m.role === 'assistant') && typeof m.content === 'string' && m.content.trim() !== '')
    .slice(-CHAT_HISTORY_LIMIT)
    .map((m) => ({ role: m.role, content: m.content.slice(0, CHAT_HISTORY_MESSAGE_MAX) }))
  // A conversation the model sees starts with the user.
  while (turns.length && turns[0].role !== 'user') turns.shift()
  return turns
}

// ------------------------------------------------------------------ model turns (app ⇄ workflow ⇄ gateway)

export interface ChatToolCall {
  id: string
  name: string
  input: Record<string, unknown>
}

export type ChatTurnMessage =
  | { role: 'user'; text: string }
  | { role: 'assistant'; text: string; toolCalls?: ChatToolCall[] }
  | { role: 'tool'; results: { id: string; content: string; isError?: boolean }[] }

export interface ChatToolSpec {
  name: string
  description: string
  /** JSON schema of the tool's input (an object). */
  inputSchema: Record<string, unknown>
}

export interface ChatTurnInput {
  userId: number
  /** Key of the NOTIFY stream the activity writes the reply's text deltas to. */
  streamId: string
  turn: number
  system: string
  messages: ChatTurnMessage[]
  tools: ChatToolSpec[]
  /** false on the last turn: the model must answer with what it has. */
  allowTools: boolean
}

export interface ChatTurnOutput {
  text: string
  toolCalls: ChatToolCall[]
  stopReason: string | null
  provider: string
  model: string
  costUsd: number
}

/** One NOTIFY payload: stream, turn, attempt (a retried turn starts over), sequence, text delta. */
export interface ChatStreamEvent {
  s: string
  t: number
  a: number
  n: number
  d: string
}

/** The provider the chat runs on: Claude Sonnet 4 (Messages API tool use and streaming). */
export const CHAT_PROVIDER = 'anthropic' as const

// ------------------------------------------------------------------ errors

export type ChatErrorType = 'quota_exceeded' | 'network_error' | 'configuration_error' | 'api_error'

export interface ChatErrorBody {
  error: string
  details?: string
  type?: ChatErrorType | string
}

export const CHAT_TEXTS = {
  noDataTitle: 'No Analysis Data',
  noDataBody: 'Please run an analysis first to use AI Chat.',
  thinking: 'AI is thinking...',
  quotaTitle: 'Service Temporarily Unavailable',
  quotaBody: 'AI service is temporarily unavailable due to quota limits. Please try again in a few minutes.',
  network: 'Network error occurred. Please check your connection and try again.',
  configuration: 'AI service configuration error. Please contact support.',
  failed: 'Failed to get AI response',
  unknown: 'Unknown error',
  cleared: 'Cleared',
} as const

/**
 * The toast for a failed question: by the error body's type; an unreadable body is 'Unknown error';
 * other failures are 'Error', treated as quota-like when the message mentions quota or 'unavailable due to'.
 */
export function chatErrorToast(body: ChatErrorBody | null): { title: string; description: string; variant: 'default' | 'destructive' } {
  if (!body) return { title: 'Error', description: CHAT_TEXTS.unknown, variant: 'destructive' }
  const server = body.error?.trim() || undefined
  switch (body.type) {
    case 'quota_exceeded':
      return { title: CHAT_TEXTS.quotaTitle, description: server ?? CHAT_TEXTS.quotaBody, variant: 'default' }
    case 'network_error':
      return { title: 'Error', description: server ?? CHAT_TEXTS.network, variant: 'destructive' }
    case 'configuration_error':
      return { title: 'Error', description: CHAT_TEXTS.configuration, variant: 'destructive' }
  }
  const message = server ?? (body.details?.trim() || CHAT_TEXTS.failed)
  if (/quota|unavailable due to/i.test(message)) return { title: CHAT_TEXTS.quotaTitle, description: message, variant: 'default' }
  return { title: 'Error', description: message, variant: 'destructive' }
}

/** The error type of a failed model turn, from the gateway's error kind. */
export function chatErrorTypeOf(kind: string | null | undefined): ChatErrorType {
  if (kind === 'rate_limited') return 'quota_exceeded'
  if (kind === 'configuration') return 'configuration_error'
  if (kind === 'transient' || kind === 'timeout' || kind === 'cancelled') return 'network_error'
  return 'api_error'
}

// ------------------------------------------------------------------ screen

/** 5 categories × 4 suggested prompts. */
export const SUGGESTED_PROMPTS: { category: string; prompts: string[] }[] = [
  {
    category: 'Rankings & Visibility',
    prompts: [
      "What is my brand's visibility on Claude?",
      'How does my brand rank on each AI model?',
      'Which AI model ranks my brand best?',
      "What is my brand's share of model compared with competitors?",
    ],
  },
  {
    category: 'Query Performance',
    prompts: [
      'Which queries does my brand rank best for?',
      'For which queries is my brand not ranked at all?',
      'Which queries mention my brand most often?',
      'How do mentions of each brand vary by query?',
    ],
  },
  {
    category: 'Competitive Analysis',
    prompts: [
      'Which competitor is mentioned most often?',
      'Which competitors rank above my brand?',
      'How does the sentiment towards my brand compare with competitors?',
      'Give me an overview of the whole analysis.',
    ],
  },
  {
    category: 'Source Insights',
    prompts: [
      'Which web sources do the AI models cite most?',
      'How often are my own sites cited as sources?',
      'Which cited domains belong to competitors?',
      'Which earned media sources should I target?',
    ],
  },
  {
    category: 'Strategic Insights',
    prompts: [
      'What is the sentiment towards my brand and which words drive it?',
      'Where is my brand weakest, and what should I improve first?',
      'Summarise the strengths and weaknesses of my brand in AI answers.',
      'Which queries should I create content for first?',
    ],
  },
]

export function welcomeMessage(brand: string, dataPoints: number): string {
  return `Hello! I'm your AI analysis assistant for **${brand}**. I have access to ${dataPoints.toLocaleString('en-GB')} data points from this analysis — rankings, mentions, sentiment and cited sources across the AI models. Ask me anything about the results.`
}

/** Time format HH:mm (local time of the browser). */
export function timeOf(iso: string): string {
  const d = new Date(iso)
  return `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`
}

/** Download file name: {project name}_ai_chat_{timestamp}.txt (timestamp yyyy-mm-ddTHH-mm-ss, UTC). */
export function transcriptFileName(projectName: string, at: Date): string {
  // eslint-disable-next-line no-control-regex -- control characters are what must go
  const safe = projectName.replace(/[\\/:*?"<>|\u0000-\u001f]+/g, '_').trim() || 'project'
  return `${safe}_ai_chat_${at.toISOString().slice(0, 19).replace(/:/g, '-')}.txt`
}

/** The conversation as plain text (Copy and Download). */
export function transcriptText(messages: Pick<ChatMessage, 'role' | 'content' | 'timestamp'>[]): string {
  const who = (r: ChatRole) => (r === 'user' ? 'You' : r === 'assistant' ? 'AI Assistant' : 'System')
  return messages.map((m) => `[${timeOf(m.timestamp)}] ${who(m.role)}:\n${m.content}`).join('\n\n') + '\n'
}

/** A link target the chat renders as a link: http, https and mailto only (no javascript:, data:, …). */
export function safeHref(href: string | null | undefined): string | null {
  if (!href) return null
  const trimmed = href.trim()
  // Control characters and whitespace inside a scheme are how "java\tscript:" slips past naive checks.
  // eslint-disable-next-line no-control-regex -- control characters are what must go
  if (/[\u0000-\u001f\u007f]/.test(trimmed)) return null
  try {
    const url = new URL(trimmed)
    return url.protocol === 'http:' || url.protocol === 'https:' || url.protocol === 'mailto:' ? url.href : null
  } catch {
    return null
  }
}
