/**
 * Phase 7, AI Chat: the chat panel (two thirds) and the suggested prompts (one third,
 * hidden after a send or a pick, can be shown again). The reply streams in over server-sent events from
 * POST /api/ai-chat and is rendered as sanitised markdown as it arrives.
 */
import { useEffect, useRef, useState } from 'react'
import { Link, useNavigate } from '@remix-run/react'
import {
  CHAT_HISTORY_LIMIT, CHAT_TEXTS, SUGGESTED_PROMPTS, chatErrorToast, timeOf, transcriptFileName, transcriptText, welcomeMessage,
  type ChatErrorBody, type ChatMessage, type DataContextItem,
} from '~/domain/chat'
import { useToast } from '~/components/toast'
import { ChatForm } from '~/components/chat-form'
import { callJson } from '~/components/json'
import { homeHref } from '~/domain/home-phases'
import { Markdown } from './Markdown'

export interface ChatScreenData {
  project: { id: number; name: string; brandName: string }
  analysis: { id: number; date: string; dataPoints: number } | null
  analyses: { id: number; date: string }[]
  messages: ChatMessage[]
}

interface Live {
  text: string
  tools: DataContextItem[]
}

/** Reads server-sent events from a fetch body: calls `on` per event with its parsed data. */
async function readEvents(body: ReadableStream<Uint8Array>, on: (event: string, data: any) => void) {
  const reader = body.getReader()
  const decoder = new TextDecoder()
  let buffer = ''
  for (;;) {
    const { value, done } = await reader.read()
    if (done) break
    buffer += decoder.decode(value, { stream: true })
    let cut: number
    while ((cut = buffer.indexOf('\n\n')) >= 0) {
      const frame = buffer.slice(0, cut)
      buffer = buffer.slice(cut + 2)
      let event = 'message'
      const data: string[] = []
      for (const line of frame.split('\n')) {
        if (line.startsWith('event:')) event = line.slice(6).trim()
        else if (line.startsWith('data:')) data.push(line.slice(5).trimStart())
      }
      try {
        on(event, JSON.parse(data.join('\n')))
      } catch {}
    }
  }
}

export function ChatScreen({ data }: { data: ChatScreenData }) {
  const toast = useToast()
  const navigate = useNavigate()
  const { project, analysis } = data
  const [welcomeAt] = useState(() => data.messages[0]?.timestamp ?? new Date().toISOString())
  const welcome: ChatMessage | null = analysis
    ? { id: 'welcome', role: 'system', content: welcomeMessage(project.brandName, analysis.dataPoints), timestamp: welcomeAt, dataContext: [] }
    : null
  const [messages, setMessages] = useState<ChatMessage[]>(data.messages)
  const [input, setInput] = useState('')
  const [pending, setPending] = useState(false)
  const [live, setLive] = useState<Live | null>(null)
  const [showPrompts, setShowPrompts] = useState(true)
  const end = useRef<HTMLDivElement>(null)
  const inputRef = useRef<HTMLTextAreaElement>(null)

  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' })
  }, [messages, live])

  if (!analysis) {
    return (
      <div className="panel empty chat-empty" data-testid="chat-no-data">
        <h2>{CHAT_TEXTS.noDataTitle}</h2>
        <p>{CHAT_TEXTS.noDataBody}</p>
        <Link className="btn" to={homeHref('results', { project: project.id, tab: 'overview' })}>Go to Analysis</Link>
      </div>
    )
  }

  const all = welcome ? [welcome, ...messages] : messages
  const onlyWelcome = messages.length === 0

  async function send(text: string) {
    const message = text.trim()
    if (!message || pending || !analysis) return
    setShowPrompts(false)
    setInput('')
    setPending(true)
    const optimistic: ChatMessage = { id: `pending-${Date.now()}`, role: 'user', content: message, timestamp: new Date().toISOString(), dataContext: [] }
    const history = messages.filter((m) => m.role !== 'system').slice(-CHAT_HISTORY_LIMIT).map((m) => ({ role: m.role, content: m.content }))
    setMessages((m) => [...m, optimistic])
    setLive({ text: '', tools: [] })
    // The question as stored (its id replaces the optimistic one); a failed reply removes it again.
    let questionId = optimistic.id
    const fail = (body: ChatErrorBody | null) => {
      const t = chatErrorToast(body)
      toast({ title: t.title, description: t.description, variant: t.variant })
      setMessages((m) => m.filter((x) => x.id !== optimistic.id && x.id !== questionId))
      setInput(message)
    }
    try {
      // eslint-disable-next-line no-restricted-syntax -- the reply is a server-sent event stream read as it arrives, which json.ts does not read
      const res = await fetch('/api/ai-chat', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream' },
        body: JSON.stringify({ projectId: project.id, analysisId: analysis.id, message, conversationHistory: history }),
      })
      if (!res.ok || !res.body) {
        fail((await res.json().catch(() => null)) as ChatErrorBody | null)
        return
      }
      let finished = false
      await readEvents(res.body, (event, d) => {
        if (event === 'question') {
          questionId = (d as ChatMessage).id
          setMessages((m) => m.map((x) => (x.id === optimistic.id ? (d as ChatMessage) : x)))
        }
        else if (event === 'delta') setLive((l) => ({ text: (l?.text ?? '') + String(d.text ?? ''), tools: l?.tools ?? [] }))
        else if (event === 'replace') setLive((l) => ({ text: String(d.text ?? ''), tools: l?.tools ?? [] }))
        else if (event === 'tool') setLive((l) => ({ text: l?.text ?? '', tools: [...(l?.tools ?? []), d as DataContextItem] }))
        else if (event === 'done') {
          finished = true
          setMessages((m) => [...m.map((x) => (x.id === optimistic.id || x.id === questionId ? (d.userMessage as ChatMessage) : x)), d.message as ChatMessage])
        } else if (event === 'error') {
          finished = true
          fail(d as ChatErrorBody)
        }
      })
      if (!finished) fail({ error: CHAT_TEXTS.network, type: 'network_error' })
    } catch (e) {
      fail({ error: e instanceof Error ? e.message : CHAT_TEXTS.unknown })
    } finally {
      setLive(null)
      setPending(false)
      inputRef.current?.focus()
    }
  }

  async function copy() {
    try {
      await navigator.clipboard.writeText(transcriptText(all))
      toast({ title: 'Copied to clipboard', variant: 'success' })
    } catch {
      toast({ title: 'Copy failed', variant: 'destructive' })
    }
  }

  function download() {
    const blob = new Blob([transcriptText(all)], { type: 'text/plain;charset=utf-8' })
    const a = document.createElement('a')
    a.href = URL.createObjectURL(blob)
    a.download = transcriptFileName(project.name, new Date())
    document.body.appendChild(a)
    a.click()
    a.remove()
    setTimeout(() => URL.revokeObjectURL(a.href), 1000)
  }

  async function clear() {
    if (!analysis) return
    const res = await callJson<ChatErrorBody>('/api/ai-chat', { method: 'DELETE', body: { projectId: project.id, analysisId: analysis.id } }).catch(() => null)
    if (!res?.ok) {
      toast({ title: 'Error', description: res?.data.error || CHAT_TEXTS.network, variant: 'destructive' })
      return
    }
    setMessages([])
    setShowPrompts(true)
    toast({ title: CHAT_TEXTS.cleared, description: 'The conversation was deleted.', variant: 'success' })
  }

  return (
    <div className="chat-screen" data-testid="chat-screen">
      <section className="chat-panel panel">
        <header className="chat-head">
          <div>
            <h1>
              AI Chat <span className="badge">BETA</span>
            </h1>
            <p className="muted">
              {project.brandName} · analysis of {analysis.date}
              {data.analyses.length > 1 && (
                <select
                  aria-label="Analysis"
                  className="chat-analysis"
                  value={analysis.id}
                  onChange={(e) => navigate(homeHref('chat', { project: project.id, analysis: e.target.value }))}
                >
                  {data.analyses.map((a) => (
                    <option key={a.id} value={a.id}>
                      {a.date} (#{a.id})
                    </option>
                  ))}
                </select>
              )}
            </p>
          </div>
          <div className="chat-actions">
            {!showPrompts && (
              <button type="button" className="btn btn-small" onClick={() => setShowPrompts(true)}>
                Show Prompts
              </button>
            )}
            <button type="button" className="btn btn-small" onClick={copy} disabled={onlyWelcome || pending}>
              Copy
            </button>
            <button type="button" className="btn btn-small" onClick={download} disabled={onlyWelcome || pending}>
              Download
            </button>
            <button type="button" className="btn btn-small" onClick={clear} disabled={onlyWelcome || pending}>
              Clear
            </button>
          </div>
        </header>
        <div className="chat-messages" data-testid="chat-messages" role="log" aria-label="Chat messages" tabIndex={0}>
          {all.map((m) => (
            <div key={m.id} className={`chat-msg chat-${m.role}`} data-testid={`chat-${m.role}`}>
              <div className="chat-bubble">
                {m.role === 'user' ? <p className="chat-user-text">{m.content}</p> : <Markdown text={m.content} />}
                {m.dataContext.length > 0 && (
                  <div className="chat-sources">Data: {[...new Set(m.dataContext.map((d) => d.title))].join(', ')}</div>
                )}
              </div>
              <time className="chat-time" dateTime={m.timestamp}>{timeOf(m.timestamp)}</time>
            </div>
          ))}
          {live && (
            <div className="chat-msg chat-assistant" data-testid="chat-live">
              <div className="chat-bubble">
                {live.tools.length > 0 && <div className="chat-sources">Reading: {[...new Set(live.tools.map((d) => d.title))].join(', ')}</div>}
                {live.text ? (
                  <div data-testid="chat-streaming" data-streaming="true">
                    <Markdown text={live.text} />
                  </div>
                ) : (
                  <p className="muted chat-thinking">{CHAT_TEXTS.thinking}</p>
                )}
              </div>
            </div>
          )}
          <div ref={end} />
        </div>
        <ChatForm
          className="chat-input"
          label="Message"
          placeholder="Ask about your rankings, mentions, sentiment or sources…"
          value={input}
          onChange={setInput}
          onSend={(m) => void send(m)}
          pending={pending}
          lockWhilePending
          inputRef={inputRef}
        />
      </section>
      {showPrompts && (
        <aside className="chat-prompts panel" data-testid="chat-prompts">
          <header className="chat-head">
            <h2>Suggested prompts</h2>
            <button type="button" className="btn btn-small" onClick={() => setShowPrompts(false)}>
              Hide
            </button>
          </header>
          {SUGGESTED_PROMPTS.map((c) => (
            <div key={c.category} className="chat-prompt-group">
              <h3>{c.category}</h3>
              {c.prompts.map((p) => (
                <button
                  key={p}
                  type="button"
                  className="chat-prompt"
                  disabled={pending}
                  onClick={() => {
                    setInput(p)
                    setShowPrompts(false)
                    inputRef.current?.focus()
                  }}
                >
                  {p}
                </button>
              ))}
            </div>
          ))}
        </aside>
      )}
    </div>
  )
}
