import { useEffect, useRef, useState } from 'react'
import { Markdown } from '~/components/chat/Markdown'
import { useToast } from '~/components/toast'
import { useEscapeCloses } from '~/components/use-dialog-focus'
import type { GeneratedContent } from '~/domain/ideator/types'
import { ScoreBadge } from './ScoreBadge'

/** The generated content of the chosen ideas, one tab each, as sanitised markdown with Copy; Escape closes it. */
export function ContentDialog({ contents, onClose }: { contents: GeneratedContent[]; onClose: () => void }) {
  const toast = useToast()
  const [tab, setTab] = useState(contents[0]?.ideaId ?? '')
  const [copied, setCopied] = useState(false)
  const timer = useRef<ReturnType<typeof setTimeout>>()
  useEffect(() => () => clearTimeout(timer.current), [])
  useEscapeCloses(onClose)
  const shown = contents.find((c) => c.ideaId === tab) ?? contents[0]
  async function copy() {
    try {
      await navigator.clipboard.writeText(shown.content)
      setCopied(true)
      clearTimeout(timer.current)
      timer.current = setTimeout(() => setCopied(false), 2000)
      toast({ title: 'Copied', variant: 'success' })
    } catch {
      toast({ title: 'Copy failed', variant: 'destructive' })
    }
  }
  return (
    <div style={{ position: 'fixed', inset: 0, background: 'rgba(0,0,0,.35)', display: 'flex', alignItems: 'center', justifyContent: 'center', zIndex: 900 }} onClick={(e) => e.target === e.currentTarget && onClose()}>
      <div role="dialog" aria-modal="true" aria-label="Generated Content" style={{ background: '#fff', borderRadius: 10, padding: '1.25rem', width: 'min(860px, 96vw)', maxHeight: '88vh', overflowY: 'auto' }}>
        <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
          <h2 style={{ margin: 0 }}>Generated Content</h2>
          <button className="btn btn-small" onClick={onClose} aria-label="Close">
            ✕
          </button>
        </div>
        <div role="tablist" style={{ display: 'flex', gap: '.4rem', flexWrap: 'wrap', margin: '.8rem 0' }}>
          {contents.map((c, n) => (
            <button key={c.ideaId} role="tab" aria-selected={c.ideaId === shown.ideaId} className={`btn btn-small${c.ideaId === shown.ideaId ? ' btn-primary' : ''}`} title={c.ideaTitle} onClick={() => setTab(c.ideaId)}>
              Idea {n + 1}
            </button>
          ))}
        </div>
        {shown && (
          <div role="tabpanel" data-testid="content-panel">
            <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: '.5rem' }}>
              <strong>{shown.ideaTitle}</strong>
              <span style={{ display: 'flex', gap: '.4rem', alignItems: 'center' }}>
                <ScoreBadge score={shown.score} />
                <button className="btn btn-small" data-testid="copy-content" onClick={copy}>
                  {copied ? 'Copied' : 'Copy'}
                </button>
              </span>
            </div>
            <div data-testid="content-text" style={{ background: 'var(--bg)', padding: '.8rem', borderRadius: 6, marginTop: '.6rem' }}>
              <Markdown text={shown.content} />
            </div>
          </div>
        )}
      </div>
    </div>
  )
}
