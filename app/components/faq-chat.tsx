import { useEffect, useRef, useState } from 'react'
import { ChatForm } from './chat-form'
import { callJson, type JsonAnswer } from './json'
import { FAQ_FAILED, FAQ_OFFLINE, FAQ_PRESETS, FAQ_WELCOME, type FaqTopic } from '~/domain/faq/texts'

interface Message {
  role: 'assistant' | 'user'
  text: string
  entry?: FaqTopic | null
  /** When the FAQ chat is not sure: the closest entries, as links. */
  closest?: FaqTopic[]
}

async function ask(message: string): Promise<Message> {
  let res: JsonAnswer<{ response?: unknown; message?: unknown; entry?: FaqTopic | null; closest?: unknown }>
  try {
    res = await callJson('/api/faq-chat', { body: { message } })
  } catch {
    return { role: 'assistant', text: FAQ_OFFLINE }
  }
  const body = res.data
  if (res.status === 429 && body.message) return { role: 'assistant', text: String(body.message) }
  if (!res.ok || typeof body.response !== 'string') return { role: 'assistant', text: FAQ_FAILED }
  return { role: 'assistant', text: body.response, entry: body.entry ?? null, closest: Array.isArray(body.closest) ? (body.closest as FaqTopic[]) : [] }
}

/**
 * The FAQ chat: a floating button with an 'FAQ' badge on every page, or the
 * full page on /faq. Opens with a welcome; Enter sends, Shift+Enter starts a new line; a preset
 * prompt is sent as soon as it is picked, and `autoSend` is sent when the chat first shows.
 * Answers are plain text (they come from our FAQ entries) and cite the entry.
 */
export function FaqChat({ mode, autoSend }: { mode: 'floating' | 'page'; autoSend?: string }) {
  const [open, setOpen] = useState(mode === 'page')
  const [messages, setMessages] = useState<Message[]>([{ role: 'assistant', text: FAQ_WELCOME }])
  const [input, setInput] = useState('')
  const [pending, setPending] = useState(false)
  const sentAuto = useRef(false)
  const end = useRef<HTMLDivElement>(null)

  async function send(text: string) {
    const message = text.trim()
    if (!message || pending) return
    setInput('')
    setPending(true)
    setMessages((m) => [...m, { role: 'user', text: message }])
    const reply = await ask(message)
    setMessages((m) => [...m, reply])
    setPending(false)
  }

  useEffect(() => {
    if (open && autoSend && !sentAuto.current) {
      sentAuto.current = true
      void send(autoSend)
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- sent once, when the chat first shows
  }, [open, autoSend])

  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'nearest' })
  }, [messages.length])

  if (mode === 'floating' && !open) {
    return (
      <button type="button" className="faq-fab" onClick={() => setOpen(true)} aria-label="Open the FAQ chat">
        ? <span className="faq-badge">FAQ</span>
      </button>
    )
  }

  return (
    <section className={mode === 'floating' ? 'faq-chat faq-chat-floating' : 'faq-chat faq-chat-page'} aria-label="FAQ chat">
      <header className="faq-chat-header">
        <strong>FAQ chat</strong>
        {mode === 'floating' && (
          <button type="button" className="btn btn-small" onClick={() => setOpen(false)} aria-label="Close the FAQ chat">
            ×
          </button>
        )}
      </header>
      <div className="faq-chat-messages" role="log" aria-live="polite" aria-label="FAQ chat messages" tabIndex={0}>
        {messages.map((m, i) => (
          <div key={i} className={`faq-msg faq-msg-${m.role}`}>
            {m.closest?.length ? (
              <>
                <p>{m.text.split('\n')[0]}</p>
                <ul className="faq-closest">
                  {m.closest.map((t) => (
                    <li key={t.id}>
                      <a href={`/faq#${t.id}`}>{t.question}</a>
                    </li>
                  ))}
                </ul>
              </>
            ) : (
              <p>{m.text}</p>
            )}
            {m.entry && (
              <a className="faq-source" href={`/faq#${m.entry.id}`}>
                Read in the FAQ
              </a>
            )}
          </div>
        ))}
        {pending && <div className="faq-msg faq-msg-assistant muted">Thinking...</div>}
        <div ref={end} />
      </div>
      <div className="faq-presets">
        {FAQ_PRESETS.map((p) => (
          <button key={p} type="button" className="btn btn-small" disabled={pending} onClick={() => void send(p)}>
            {p}
          </button>
        ))}
      </div>
      <ChatForm
        className="faq-chat-form"
        label="Your question"
        placeholder="Ask a question about AI Brand Visibility..."
        value={input}
        onChange={setInput}
        onSend={(m) => void send(m)}
        pending={pending}
        maxLength={1000}
      />
    </section>
  )
}
