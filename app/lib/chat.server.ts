/**
 * AI Chat on the server (POST /api/ai-chat): access checks, the conversation store (`chat_messages`),
 * the question's tool loop, and the live text of the reply.
 *
 * How a question is answered: the app starts one Temporal workflow per model turn (`chat-<user>-<stream>-<turn>`,
 * activity chatTurn → the gateway → Claude with tools). When the model asks for a tool, the app runs it here by
 * loading the results screen it names through the screens' own loaders (loadResultsView / loadSourcesView), as
 * the signed-in user, and sends the figures back in the next turn; the last turn may not call tools. The
 * activity streams the reply's text over PostgreSQL NOTIFY; this module LISTENs once per process and hands each
 * question's deltas to its caller (the SSE response of the route).
 *
 * Decisions where the spec is silent:
 * - Conversations are per user, project and analysis: people a project is shared with (and admins, and visitors
 *   of a public project) may chat about it, each in a conversation of their own that nobody else reads.
 * - The welcome message is not stored; its "data points" are the analysis's answered answers × its brands
 *   (one mention, rank and sentiment figure per brand per answer).
 * - A question whose reply fails is removed again, so the stored conversation holds only answered questions.
 */
import { randomUUID } from 'node:crypto'
import { json } from '@remix-run/node'
import { WorkflowFailedError } from '@temporalio/client'
import type { User } from './auth.server'
import { db } from './db.server'
import { forbidden, idSearchParam, notFound } from './http.server'
import { admitModelWork, recordModelUsage, type BudgetTicket } from './model-budget.server'
import { getProject } from './projects.server'
import type { Project } from '../domain/projects'
import { loadResultsView } from './results.server'
import { loadSourcesView } from './sources.server'
import { executeWorkflow } from './temporal.server'
import { brandList, isoDay } from '../domain/analyses'
import {
  CHAT_HISTORY_LIMIT, CHAT_MAX_TURNS, CHAT_STREAM_CHANNEL, CHAT_TEXTS, chatErrorTypeOf, historyForModel,
  type ChatErrorType, type ChatMessage, type ChatRequest, type ChatStreamEvent, type ChatToolCall, type ChatTurnMessage, type DataContextItem,
} from '../domain/chat'
import {
  CHAT_MODEL_CHOICES, aiOverviewPresenceResult, answeredModelNames, brandMetricsResult, brandOf, chatSystemPrompt, chatTools, dataContextOf, engineComparisonResult,
  isChatTool, mentionsResult, modelChoiceOf, modelMissingResult, overviewResult, queryRanksResult, searchVolumeResult, sentimentResult, sourcesResult,
} from '../domain/chat/tools'
import { enginesForUser } from './engines.server'
import { crawlersChatResult, crawlersDaysOf } from '../domain/crawlers/chat'
import { crawlerOverview } from './crawlers.server'
import { modelByFilter } from '../domain/models'
import type { AnalysisSnapshot } from '../../db/results'
import type { ResultsViewData, TabData } from '../domain/results/types'
import { chatWorkflowId } from '../../workflows/shared'

// ------------------------------------------------------------------ live text (LISTEN)

type Listener = (e: ChatStreamEvent) => void
const listeners = new Map<string, Listener>()
let listening: Promise<unknown> | undefined

function listen() {
  listening ??= db()
    .listen(CHAT_STREAM_CHANNEL, (payload) => {
      let e: ChatStreamEvent
      try {
        e = JSON.parse(payload) as ChatStreamEvent
      } catch {
        return
      }
      listeners.get(e.s)?.(e)
    })
    .catch((err) => {
      listening = undefined
      throw err
    })
  return listening
}

// ------------------------------------------------------------------ reading

interface AnalysisRow {
  id: number
  status: string
  date: Date | string
  created_at: Date
  queries: AnalysisSnapshot['queries']
  brands: AnalysisSnapshot['brands']
}

interface MessageRow {
  id: number
  role: ChatMessage['role']
  content: string
  data_context: DataContextItem[]
  created_at: Date
}

const toMessage = (r: MessageRow): ChatMessage => ({ id: String(r.id), role: r.role, content: r.content, timestamp: r.created_at.toISOString(), dataContext: r.data_context ?? [] })

export interface ChatView {
  project: { id: number; name: string; brandName: string }
  analysis: { id: number; date: string; dataPoints: number } | null
  analyses: { id: number; date: string }[]
  messages: ChatMessage[]
}

async function messagesOf(user: User, projectId: number, analysisId: number): Promise<ChatMessage[]> {
  const rows = await db()<MessageRow[]>`
    select id, role, content, data_context, created_at from chat_messages
    where project_id = ${projectId} and analysis_id = ${analysisId} and user_id = ${user.id}
    order by created_at, id limit 500`
  return rows.map(toMessage)
}

/** Phase 7 (/?phase=7&project=…&analysis=…): the chosen completed analysis (else the latest) and the conversation. */
export async function loadChatView(user: User, url: URL): Promise<ChatView> {
  const projectId = idSearchParam(url, 'project')
  if (projectId === null) notFound('Project not found')
  const project = await getProject(user, projectId, 'read')
  const sql = db()
  const runs = await sql<{ id: number; date: Date | string }[]>`
    select id, date from analyses where project_id = ${project.id} and status = 'completed' order by created_at desc`
  const requested = idSearchParam(url, 'analysis')
  const shown = runs.find((r) => r.id === requested) ?? runs[0]
  const base = { project: { id: project.id, name: project.name, brandName: project.brandDomain }, analyses: runs.map((r) => ({ id: r.id, date: isoDay(r.date) })) }
  if (!shown) return { ...base, analysis: null, messages: [] }
  const [{ answers, brands }] = await sql<{ answers: number; brands: number }[]>`
    select (select count(*)::int from api_responses where analysis_id = ${shown.id} and ok and btrim(response) <> '') as answers,
      (select 1 + coalesce(jsonb_array_length(brands->'competitors'), 0) from analyses where id = ${shown.id}) as brands`
  return { ...base, analysis: { id: shown.id, date: isoDay(shown.date), dataPoints: answers * brands }, messages: await messagesOf(user, project.id, shown.id) }
}

/** Clear: deletes the user's conversation about this analysis. */
export async function clearChat(user: User, body: { projectId: number; analysisId: number }) {
  const project = await getProject(user, body.projectId, 'read')
  const rows = await db()`delete from chat_messages where project_id = ${project.id} and analysis_id = ${body.analysisId} and user_id = ${user.id} returning id`
  return { success: true, deleted: rows.length }
}

// ------------------------------------------------------------------ asking

function chatError(status: number, type: ChatErrorType | 'no_data', error: string, details?: string, headers?: HeadersInit): never {
  throw json({ error, ...(details ? { details } : {}), type }, { status, headers })
}

export interface PreparedChat {
  user: User
  project: Project
  analysis: AnalysisRow
  body: ChatRequest
  /** The model budget, taken once for the whole reply (its tool turns included). */
  ticket: BudgetTicket
}

/** Everything that is answered with a plain HTTP error before a reply starts: access, data, budget. */
export async function prepareChat(user: User, body: ChatRequest, clientAddress: string): Promise<PreparedChat> {
  const project = await getProject(user, body.projectId, 'read')
  const [analysis] = await db()<AnalysisRow[]>`
    select id, status, date, created_at, queries, brands from analyses where id = ${body.analysisId} and project_id = ${project.id}`
  if (!analysis) notFound('Analysis not found')
  if (analysis.status !== 'completed') chatError(400, 'no_data', CHAT_TEXTS.noDataBody)
  if (!user.isActive) forbidden('Account is paused - contact admin to reactivate')
  let ticket: BudgetTicket
  try {
    ticket = await admitModelWork({ user, clientAddress })
  } catch (e) {
    // The rate limit and the daily cost cap are the chat's "quota" (quota_exceeded).
    if (e instanceof Response && e.status === 429) {
      const b = (await e.clone().json().catch(() => null)) as { error?: string } | null
      chatError(429, 'quota_exceeded', b?.error ?? CHAT_TEXTS.quotaBody, undefined, { 'Retry-After': e.headers.get('Retry-After') ?? '60' })
    }
    throw e
  }
  return { user, project, analysis, body, ticket }
}

export interface ChatSink {
  /** Text to append to the reply shown so far. */
  delta(text: string): void
  /** The reply so far, whole (after a retried turn, or when deltas were missed). */
  replace(text: string): void
  /** A tool the model called (the screen shows what is being read). */
  tool(item: DataContextItem): void
  /** The question as stored. */
  question(message: ChatMessage): void
}

export interface ChatReply {
  response: string
  dataContext: DataContextItem[]
  message: ChatMessage
  userMessage: ChatMessage
}

const join = (a: string, b: string) => (a && b ? `${a}\n\n${b}` : a || b)

/** The question's tool loop; the reply is stored and returned. Failures are thrown as JSON responses { error, details, type }. */
export async function runChat(run: PreparedChat, sink?: ChatSink): Promise<ChatReply> {
  const { user, project, analysis, body, ticket } = run
  const sql = db()
  // The screen sends the last 10 messages; an API client that sends none continues the stored conversation.
  const history = historyForModel(
    body.conversationHistory ??
      (
        await sql<{ role: string; content: string }[]>`
          select role, content from (
            select role, content, created_at, id from chat_messages
            where user_id = ${user.id} and project_id = ${project.id} and analysis_id = ${analysis.id}
            order by created_at desc, id desc limit ${CHAT_HISTORY_LIMIT}) last
          order by created_at, id`
      ),
  )
  const [userRow] = await sql<MessageRow[]>`
    insert into chat_messages (project_id, analysis_id, user_id, role, content)
    values (${project.id}, ${analysis.id}, ${user.id}, 'user', ${body.message})
    returning id, role, content, data_context, created_at`
  const userMessage = toMessage(userRow)
  sink?.question(userMessage)

  const brands = brandList(analysis.brands).map((b) => b.name)
  const modelIds = (await sql<{ model_id: number }[]>`select distinct model_id from api_responses where analysis_id = ${analysis.id} and ok`).map((r) => r.model_id)
  const system = chatSystemPrompt({
    brand: project.brandDomain,
    market: project.marketDescription,
    competitors: brands.slice(1),
    analysisDate: isoDay(analysis.date),
    models: answeredModelNames(modelIds),
    queryCount: analysis.queries.length,
  })
  const tools = chatTools(brands)
  const messages: ChatTurnMessage[] = [
    ...history.map((h): ChatTurnMessage => (h.role === 'user' ? { role: 'user', text: h.content } : { role: 'assistant', text: h.content })),
    { role: 'user', text: body.message },
  ]
  const dataContext: DataContextItem[] = []

  // Live text: deltas of the turn in progress, in order; a retried attempt starts the turn over.
  const streamId = randomUUID()
  let done = '' // the reply of the finished turns
  let live = { turn: -1, attempt: 0, next: 0, text: '' }
  const finished = new Set<number>()
  listeners.set(streamId, (e) => {
    if (!sink || finished.has(e.t)) return
    if (e.t !== live.turn || e.a !== live.attempt) {
      const restarted = e.t === live.turn && live.text !== ''
      live = { turn: e.t, attempt: e.a, next: 0, text: '' }
      if (restarted) sink.replace(done)
    }
    if (e.n !== live.next) return // a gap: the whole turn is sent when it ends
    live.next++
    const piece = live.text === '' && done !== '' ? `\n\n${e.d}` : e.d
    live.text += e.d
    sink.delta(piece)
  })

  try {
    await listen()
    let reply = ''
    for (let turn = 0; turn < CHAT_MAX_TURNS; turn++) {
      const allowTools = turn < CHAT_MAX_TURNS - 1
      const out = await executeWorkflow('chatTurnWorkflow', {
        workflowId: chatWorkflowId(user.id, streamId, turn),
        args: [{ userId: user.id, streamId, turn, system, messages, tools, allowTools }],
        timeout: '5 minutes',
        labels: { projectId: project.id, userEmail: user.email, brand: project.brandDomain, runKind: 'chat' },
        summary: `AI Chat · ${project.brandDomain} · project ${project.id} · analysis ${analysis.id} · turn ${turn + 1} · ${user.email}`,
        ticket,
      })
      await recordModelUsage(user.id, 'chat', out.provider, out.costUsd)
      finished.add(turn)
      reply = join(reply, out.text.trim())
      if (sink && (live.turn !== turn || live.text !== out.text)) sink.replace(reply)
      done = reply
      if (!out.toolCalls.length) break
      const results: { id: string; content: string; isError?: boolean }[] = []
      for (const call of out.toolCalls) {
        const result = await runTool(run, call, brands)
        results.push(result)
        if (isChatTool(call.name)) {
          const item = dataContextOf(call.name, call.input)
          dataContext.push(item)
          sink?.tool(item)
        }
      }
      messages.push({ role: 'assistant', text: out.text, toolCalls: out.toolCalls }, { role: 'tool', results })
    }
    if (!reply.trim()) chatError(502, 'api_error', CHAT_TEXTS.failed, 'The AI model returned an empty answer.')
    const [row] = await sql<MessageRow[]>`
      insert into chat_messages (project_id, analysis_id, user_id, role, content, data_context)
      values (${project.id}, ${analysis.id}, ${user.id}, 'assistant', ${reply}, ${sql.json(dataContext as any)})
      returning id, role, content, data_context, created_at`
    return { response: reply, dataContext, message: toMessage(row), userMessage }
  } catch (err) {
    await sql`delete from chat_messages where id = ${userRow.id}`
    if (err instanceof Response) throw err
    throw failureResponse(err)
  } finally {
    listeners.delete(streamId)
  }
}

/** A failed turn as the error body { error, details, type }: the gateway's error kind decides the type. */
function failureResponse(err: unknown): Response {
  let cause: unknown = err
  let kind: string | null = null
  let message = err instanceof Error ? err.message : String(err)
  for (let i = 0; i < 6 && cause; i++) {
    const c = cause as { type?: string; message?: string; cause?: unknown; name?: string }
    if (c.name === 'ApplicationFailure' || (typeof c.type === 'string' && c.type)) {
      kind = c.type ?? null
      message = c.message ?? message
      break
    }
    cause = c.cause
  }
  if (!(err instanceof WorkflowFailedError)) {
    return json({ error: CHAT_TEXTS.network, details: message, type: 'network_error' }, { status: 503 })
  }
  const type = chatErrorTypeOf(kind)
  const status = type === 'quota_exceeded' ? 429 : type === 'configuration_error' ? 503 : 502
  const error = type === 'configuration_error' ? CHAT_TEXTS.configuration : type === 'quota_exceeded' ? CHAT_TEXTS.quotaBody : message || CHAT_TEXTS.failed
  return json({ error, details: message, type }, { status })
}

// ------------------------------------------------------------------ tools

async function screen(run: PreparedChat, params: Record<string, string>): Promise<Extract<ResultsViewData, { kind: 'results' }> & { data: TabData }> {
  const url = new URL(`http://chat.local/?${new URLSearchParams({ phase: '2', project: String(run.project.id), analysis: String(run.analysis.id), ...params })}`)
  const view = await loadResultsView(run.user, url)
  if (view.kind !== 'results' || !view.data || view.header.analysis?.id !== run.analysis.id) throw new Error('The results of this analysis could not be read.')
  return view as Extract<ResultsViewData, { kind: 'results' }> & { data: TabData }
}

/** Runs one tool the model asked for; what it returns goes back to the model as JSON text. */
async function runTool(run: PreparedChat, call: ChatToolCall, brands: string[]): Promise<{ id: string; content: string; isError?: boolean }> {
  const reply = (value: unknown) => ({ id: call.id, content: JSON.stringify(value) })
  try {
    switch (call.name) {
      case 'brand_metrics': {
        const filter = CHAT_MODEL_CHOICES[modelChoiceOf(call.input)]
        const model = filter === 'combined' ? null : (modelByFilter(filter) ?? null)
        const rank = await screen(run, { tab: 'brand-rank', model: filter })
        if (model && rank.header.filters.model !== filter) {
          return reply(modelMissingResult(model, rank.header.options.models.filter((m) => m.value !== 'combined').map((m) => modelByFilter(m.value)?.name ?? m.label)))
        }
        const share = await screen(run, { tab: 'share-of-model' })
        if (rank.data.tab !== 'brand-rank' || share.data.tab !== 'share-of-model') throw new Error('unexpected tab data')
        return reply(brandMetricsResult(model, rank.data, share.data))
      }
      case 'query_ranks': {
        const brand = brandOf(call.input, brands)
        const v = await screen(run, { tab: 'ranking-detail', ...(brand ? { brand } : {}) })
        if (v.data.tab !== 'ranking-detail') throw new Error('unexpected tab data')
        return reply(queryRanksResult(v.data))
      }
      case 'mentions_by_query': {
        const v = await screen(run, { tab: 'mentions' })
        if (v.data.tab !== 'mentions') throw new Error('unexpected tab data')
        return reply(mentionsResult(v.data))
      }
      case 'sentiment': {
        const v = await screen(run, { tab: 'sentiment' })
        if (v.data.tab !== 'sentiment') throw new Error('unexpected tab data')
        return reply(sentimentResult(v.data, brandOf(call.input, brands)))
      }
      case 'overview': {
        const v = await screen(run, { tab: 'overview' })
        if (v.data.tab !== 'overview') throw new Error('unexpected tab data')
        return reply(overviewResult(v.data))
      }
      case 'engine_comparison':
      case 'ai_overview_presence': {
        // The engines' view of the analysis, read as the signed-in user (the same access check as /engines).
        const view = await enginesForUser(run.user, run.analysis.id)
        return reply(call.name === 'engine_comparison' ? engineComparisonResult(view) : aiOverviewPresenceResult(view))
      }
      case 'search_volume': {
        const brand = brandOf(call.input, brands)
        const v = await screen(run, { tab: 'ranking-detail', ...(brand ? { brand } : {}) })
        if (v.data.tab !== 'ranking-detail') throw new Error('unexpected tab data')
        return reply(searchVolumeResult(v.data))
      }
      case 'sources': {
        // The insight set the screen opens with (enhanced); an analysis with basic insights only reads those.
        const sources = (set?: string) =>
          loadSourcesView(run.user, new URL(`http://chat.local/?${new URLSearchParams({ phase: '4', project: String(run.project.id), analysis: String(run.analysis.id), tab: 'site-priorities', ...(set ? { set } : {}) })}`))
        let v = await sources()
        if (v.required && v.counts.basic > 0) v = await sources('all')
        if (v.analysisId !== run.analysis.id || !v.data || v.data.tab !== 'site-priorities') return reply(sourcesResult(null, null))
        const owned = v.data.ownedRate.overall
        return reply(sourcesResult(v.data.citationShare, owned))
      }
      case 'ai_crawlers':
        return reply(crawlersChatResult(await crawlerOverview(run.user, run.project.id, crawlersDaysOf(call.input))))
    }
    return { id: call.id, content: JSON.stringify({ error: `Unknown tool ${call.name}` }), isError: true }
  } catch (err) {
    const message = err instanceof Response ? `HTTP ${err.status}` : err instanceof Error ? err.message : String(err)
    return { id: call.id, content: JSON.stringify({ error: `The data could not be read: ${message}` }), isError: true }
  }
}
