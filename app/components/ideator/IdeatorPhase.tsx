/**
 * Phase 6, Content Ideator (§2): Content Recommendations (setup panel, ideas list, 'Generated Content'
 * dialog) and the Citation Explorer. Generated content is markdown, rendered by the chat's sanitising Markdown
 * component (no HTML is ever injected); other model output is shown as text.
 */
import { Link, useRevalidator } from '@remix-run/react'
import { useEffect, useRef, useState } from 'react'
import { Markdown } from '~/components/chat/Markdown'
import { useToast } from '~/components/toast'
import { NO_EXPLORER_CITATIONS, shownExcerpts } from '~/domain/ideator/citations'
import { CONTENT_TYPES, DEFAULT_CONTENT_TYPE, defaultIdeatorLanguage, ideatorLanguagesFor, IDEATOR_TABS, ideaScoreColour, scorePercent } from '~/domain/ideator/constants'
import { IDEATOR_MESSAGES } from '~/domain/ideator/requests'
import type { CitationExplorerData, ContentIdea, GeneratedContent, IdeatorViewData, SavedIdeas } from '~/domain/ideator/types'

const BASE = '/api/content-recommendations'
const SCORE_STYLE: Record<string, React.CSSProperties> = {
  green: { background: '#dcfce7', color: '#166534', borderColor: '#86efac' },
  yellow: { background: '#fef9c3', color: '#854d0e', borderColor: '#fde047' },
  orange: { background: '#ffedd5', color: '#9a3412', borderColor: '#fdba74' },
  red: { background: '#fee2e2', color: '#991b1b', borderColor: '#fca5a5' },
}

async function post(url: string, body: unknown): Promise<{ ok: boolean; status: number; body: any; text: string }> {
  const res = await fetch(url, { method: 'POST', credentials: 'include', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  const text = await res.text()
  let parsed: any
  try {
    parsed = text ? JSON.parse(text) : {}
  } catch {
    parsed = {}
  }
  return { ok: res.ok, status: res.status, body: parsed, text }
}

export function ScoreBadge({ score, label }: { score: number | null; label?: string }) {
  if (score === null || score === undefined) return null
  const pct = scorePercent(score)
  const colour = ideaScoreColour(pct)
  return (
    <span className="badge" data-testid="idea-score" data-colour={colour} style={{ ...SCORE_STYLE[colour], fontWeight: 600 }} title={label ? `${label}: ${pct}%` : `Score ${pct}%`}>
      {label ? `${label} ` : ''}
      {pct}%
    </span>
  )
}

export function IdeatorPhase({ data }: { data: IdeatorViewData }) {
  return (
    <div data-testid="ideator">
      <h1 style={{ marginTop: 0 }}>Content Ideator</h1>
      <nav className="tab-bar" aria-label="Content Ideator tabs" style={{ display: 'flex', gap: '.5rem', marginBottom: '1rem' }}>
        {IDEATOR_TABS.map((t) => (
          <Link key={t.id} className={`btn btn-small${t.id === data.tab ? ' btn-primary' : ''}`} aria-current={t.id === data.tab ? 'page' : undefined} to={`/?phase=6&project=${data.projectId}&tab=${t.id}`}>
            {t.label}
          </Link>
        ))}
      </nav>
      {data.tab === 'citation-explorer' ? <CitationExplorer data={data.explorer} projectId={data.projectId} /> : <Recommendations key={data.projectId} data={data} />}
    </div>
  )
}

// ------------------------------------------------------------------ recommendations

type Stage = 'setup' | 'ideas'

function Recommendations({ data }: { data: IdeatorViewData }) {
  const toast = useToast()
  const revalidator = useRevalidator()
  const latest = data.saved[0] ?? null
  const [stage, setStage] = useState<Stage>(latest ? 'ideas' : 'setup')
  const [current, setCurrent] = useState<SavedIdeas | null>(latest)
  const [custom, setCustom] = useState(latest?.isCustomQuery ?? false)
  const [projectQuery, setProjectQuery] = useState(latest && !latest.isCustomQuery ? latest.query : '')
  const [customQuery, setCustomQuery] = useState(latest?.isCustomQuery ? latest.query : '')
  const [brief, setBrief] = useState(latest?.userBrief ?? '')
  const [audienceId, setAudienceId] = useState('none')
  const [contentType, setContentType] = useState<string>(latest?.contentType ?? DEFAULT_CONTENT_TYPE)
  const [language, setLanguage] = useState<string>(latest?.language ?? defaultIdeatorLanguage(data.language))
  const [left, setLeft] = useState(data.ideasLeft)
  const [running, setRunning] = useState<null | 'ideas' | 'content'>(null)
  const [selected, setSelected] = useState<Set<string>>(new Set())
  const [expanded, setExpanded] = useState<Set<string>>(new Set())
  const [dialog, setDialog] = useState<GeneratedContent[] | null>(null)

  const query = custom ? customQuery.trim() : projectQuery
  const outOfQuota = left !== null && left <= 0
  const disabled = !query || running !== null || outOfQuota || !data.isActive || !data.canGenerate

  const setup = () => ({
    projectId: data.projectId,
    userBrief: brief,
    brandName: data.brand,
    brandDomain: data.brandDomain,
    audienceId: audienceId === 'none' ? null : audienceId,
    audience: audienceId === 'none' ? null : (data.audiences.find((a) => a.id === audienceId)?.name ?? null),
    contentType,
    language,
  })

  async function generateIdeas() {
    if (custom && !customQuery.trim()) return toast({ title: IDEATOR_MESSAGES.generationFailed, description: IDEATOR_MESSAGES.noCustomQuery, variant: 'destructive' })
    if (!custom && !projectQuery) return toast({ title: IDEATOR_MESSAGES.generationFailed, description: IDEATOR_MESSAGES.noQuerySelected, variant: 'destructive' })
    setRunning('ideas')
    try {
      const res = await post(`${BASE}/generate-ideas`, { ...setup(), query, isCustomQuery: custom })
      if (!res.ok) return toast({ title: IDEATOR_MESSAGES.generationFailed, description: IDEATOR_MESSAGES.ideasFailedStatus(res.status, res.text), variant: 'destructive' })
      const ideas = res.body.ideas as ContentIdea[]
      setCurrent({
        id: res.body.id, query, isCustomQuery: custom, userBrief: brief, contentType, language, audience: setup().audience, grounding: res.body.grounding ?? null,
        ideas, contents: [], createdAt: new Date().toISOString(),
      })
      setLeft(res.body.ideasLeft ?? (left === null ? null : left - 1))
      setSelected(new Set())
      setExpanded(new Set())
      setStage('ideas')
      toast({ title: IDEATOR_MESSAGES.ideasGenerated, description: IDEATOR_MESSAGES.ideasGeneratedCount(ideas.length), variant: 'success' })
      revalidator.revalidate()
    } catch {
      toast({ title: IDEATOR_MESSAGES.generationFailed, description: IDEATOR_MESSAGES.ideasFailed, variant: 'destructive' })
    } finally {
      setRunning(null)
    }
  }

  async function generateContent() {
    if (!current) return
    const ideas = current.ideas.filter((i) => selected.has(i.id))
    if (!ideas.length) return toast({ title: IDEATOR_MESSAGES.generationFailed, description: IDEATOR_MESSAGES.noIdeasSelected, variant: 'destructive' })
    setRunning('content')
    try {
      const res = await post(`${BASE}/generate-content`, { ...setup(), contentType: current.contentType, language: current.language, query: current.query, selectedIdeas: ideas })
      if (!res.ok) return toast({ title: IDEATOR_MESSAGES.generationFailed, description: IDEATOR_MESSAGES.contentFailed, variant: 'destructive' })
      const contents = res.body.contents as GeneratedContent[]
      const ids = new Set(contents.map((c) => c.ideaId))
      setCurrent({ ...current, contents: [...current.contents.filter((c) => !ids.has(c.ideaId)), ...contents] })
      setDialog(contents)
      toast({ title: IDEATOR_MESSAGES.contentGenerated, variant: 'success' })
      revalidator.revalidate()
    } catch {
      toast({ title: IDEATOR_MESSAGES.generationFailed, description: IDEATOR_MESSAGES.contentFailed, variant: 'destructive' })
    } finally {
      setRunning(null)
    }
  }

  function newIdeas() {
    setCurrent(null)
    setSelected(new Set())
    setExpanded(new Set())
    setDialog(null)
    setStage('setup')
  }

  function openSaved(id: number) {
    const s = data.saved.find((x) => x.id === id)
    if (!s) return
    setCurrent(s)
    setSelected(new Set())
    setExpanded(new Set())
    setStage('ideas')
  }

  const toggle = (set: Set<string>, id: string) => {
    const next = new Set(set)
    if (next.has(id)) next.delete(id)
    else next.add(id)
    return next
  }

  return (
    <div style={{ display: 'grid', gridTemplateColumns: 'minmax(260px, 1fr) 2fr', gap: '1rem', alignItems: 'start' }}>
      <section className="panel" data-testid="ideator-setup" aria-label="Setup" style={{ background: stage === 'setup' ? undefined : 'var(--bg)' }}>
        <h2 style={{ marginTop: 0 }}>Setup</h2>
        <div className="field">
          <label>
            <input
              type="checkbox"
              checked={custom}
              data-testid="custom-mode"
              onChange={(e) => {
                // §5: toggling custom mode clears the other field.
                setCustom(e.target.checked)
                if (e.target.checked) setProjectQuery('')
                else setCustomQuery('')
              }}
            />{' '}
            Use a custom query
          </label>
        </div>
        {custom ? (
          <div className="field">
            <label htmlFor="ideator-custom-query">Custom query</label>
            <input id="ideator-custom-query" value={customQuery} maxLength={300} onChange={(e) => setCustomQuery(e.target.value)} placeholder="e.g. best trail shoes for wide feet" />
          </div>
        ) : (
          <div className="field">
            <label htmlFor="ideator-query">Project query</label>
            <select id="ideator-query" value={projectQuery} onChange={(e) => setProjectQuery(e.target.value)}>
              <option value="">Select a query…</option>
              {data.queries.map((q) => (
                <option key={q} value={q}>
                  {q}
                </option>
              ))}
            </select>
          </div>
        )}
        <div className="field">
          <label htmlFor="ideator-brief">Brief (optional)</label>
          <textarea id="ideator-brief" rows={3} value={brief} maxLength={2000} onChange={(e) => setBrief(e.target.value)} placeholder="Angle, tone, products to feature…" />
        </div>
        {data.audiences.length > 0 && (
          <div className="field">
            <label htmlFor="ideator-audience">Audience</label>
            <select id="ideator-audience" value={audienceId} onChange={(e) => setAudienceId(e.target.value)}>
              <option value="none">No specific audience</option>
              {data.audiences.map((a) => (
                <option key={a.id} value={a.id}>
                  {a.name}
                </option>
              ))}
            </select>
          </div>
        )}
        <div className="field">
          <label htmlFor="ideator-type">Content type</label>
          <select id="ideator-type" value={contentType} onChange={(e) => setContentType(e.target.value)}>
            {CONTENT_TYPES.map((t) => (
              <option key={t.id} value={t.id}>
                {t.label}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="ideator-language">Language</label>
          <select id="ideator-language" value={language} onChange={(e) => setLanguage(e.target.value)}>
            {ideatorLanguagesFor(data.language).map((l) => (
              <option key={l.id} value={l.id}>
                {l.label}
              </option>
            ))}
          </select>
        </div>
        <button className="btn btn-primary" data-testid="generate-ideas" disabled={disabled} onClick={generateIdeas}>
          {running === 'ideas' ? 'Generating Ideas...' : left === null ? 'Generate Ideas' : `Generate Ideas (${left} left)`}
        </button>
        {!data.canGenerate && <p className="muted">Only the owner of this project can generate ideas.</p>}
        {!data.isActive && <p className="field-error">{IDEATOR_MESSAGES.inactive}</p>}
        {data.isActive && outOfQuota && <p className="field-error">{IDEATOR_MESSAGES.limitReached(0)}</p>}
        {data.saved.length > 0 && (
          <div className="field" style={{ marginTop: '1rem' }}>
            <label htmlFor="ideator-history">Saved ideas</label>
            <select id="ideator-history" value={current?.id ?? ''} onChange={(e) => openSaved(Number(e.target.value))}>
              <option value="">Choose earlier ideas…</option>
              {data.saved.map((s) => (
                <option key={s.id} value={s.id}>
                  {new Date(s.createdAt).toLocaleDateString('en-GB')} · {s.query.slice(0, 60)} ({s.ideas.length})
                </option>
              ))}
            </select>
          </div>
        )}
      </section>

      <section className="panel" data-testid="ideator-ideas" aria-label="Ideas">
        {stage === 'setup' || !current ? (
          <div className="empty">
            <h2 style={{ marginTop: 0 }}>Content ideas</h2>
            <p className="muted">
              Choose a query and click Generate Ideas. Each idea is built on your latest analysis: what the AI models answered, which competitors they ranked above {data.brand} and why, and
              which sources they cited.
            </p>
          </div>
        ) : (
          <>
            <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: '.5rem', flexWrap: 'wrap' }}>
              <h2 style={{ margin: 0 }}>Ideas for “{current.query}”</h2>
              <div style={{ display: 'flex', gap: '.5rem' }}>
                {current.contents.length > 0 && (
                  <button className="btn btn-small" onClick={() => setDialog(current.contents)}>
                    View Generated Content ({current.contents.length})
                  </button>
                )}
                <button className="btn btn-small" data-testid="new-ideas" onClick={newIdeas}>
                  New Ideas
                </button>
              </div>
            </div>
            {current.grounding && current.grounding.scope !== 'none' && (
              <p className="muted" data-testid="grounding-note">
                Grounded on the analysis of {current.grounding.analysisDate} ({current.grounding.scope === 'query' ? 'this query’s answers' : 'all queries'}): {current.grounding.answers.length} answers,{' '}
                {current.grounding.competitorsAbove.length} competitor rankings above {current.grounding.brand}, {current.grounding.sources.length} cited sources.
              </p>
            )}
            {current.grounding?.scope === 'none' && <p className="muted">No completed analysis yet: these ideas are not grounded in measured answers.</p>}
            <ul style={{ listStyle: 'none', padding: 0, margin: '1rem 0' }}>
              {current.ideas.map((idea) => {
                const open = expanded.has(idea.id)
                return (
                  <li key={idea.id} data-testid="idea" className="panel" style={{ marginBottom: '.6rem', padding: '.8rem' }}>
                    <div style={{ display: 'flex', gap: '.6rem', alignItems: 'flex-start' }}>
                      <input type="checkbox" aria-label={`Select ${idea.title}`} checked={selected.has(idea.id)} onChange={() => setSelected((s) => toggle(s, idea.id))} style={{ marginTop: '.3rem' }} />
                      <div style={{ flex: 1 }}>
                        <div style={{ display: 'flex', gap: '.5rem', alignItems: 'center', justifyContent: 'space-between' }}>
                          <strong data-testid="idea-title">{idea.title}</strong>
                          <ScoreBadge score={idea.score} />
                        </div>
                        <div className="muted" style={{ fontSize: '.85rem' }} data-testid="idea-gap">
                          Closes: {idea.gap}
                        </div>
                        {open && (
                          <div data-testid="idea-details" style={{ marginTop: '.5rem' }}>
                            <p style={{ whiteSpace: 'pre-wrap' }}>{idea.description}</p>
                            {idea.keyElements.length > 0 && (
                              <ul>
                                {idea.keyElements.map((k, n) => (
                                  <li key={n}>{k}</li>
                                ))}
                              </ul>
                            )}
                            <div style={{ display: 'flex', gap: '.4rem' }}>
                              <ScoreBadge score={idea.openaiScore} label="OpenAI" />
                              <ScoreBadge score={idea.geminiScore} label="Gemini" />
                            </div>
                          </div>
                        )}
                      </div>
                      <button className="btn btn-small" aria-expanded={open} aria-label={open ? 'Collapse' : 'Expand'} onClick={() => setExpanded((s) => toggle(s, idea.id))}>
                        {open ? '▲' : '▼'}
                      </button>
                    </div>
                  </li>
                )
              })}
            </ul>
            {data.canGenerate && (
              <button className="btn btn-primary" data-testid="generate-content" disabled={running !== null || !data.isActive} onClick={generateContent}>
                {running === 'content' ? 'Generating Content...' : `Generate Content (${selected.size} selected)`}
              </button>
            )}
          </>
        )}
      </section>
      {dialog && <ContentDialog contents={dialog} onClose={() => setDialog(null)} />}
    </div>
  )
}

function ContentDialog({ contents, onClose }: { contents: GeneratedContent[]; onClose: () => void }) {
  const toast = useToast()
  const [tab, setTab] = useState(contents[0]?.ideaId ?? '')
  const [copied, setCopied] = useState(false)
  const timer = useRef<ReturnType<typeof setTimeout>>()
  useEffect(() => () => clearTimeout(timer.current), [])
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose()
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [onClose])
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

// ------------------------------------------------------------------ citation explorer

function CitationExplorer({ data, projectId }: { data: CitationExplorerData | null; projectId: number }) {
  const [open, setOpen] = useState<Set<string>>(new Set())
  if (!data || data.analysisId === null)
    return (
      <div className="panel empty" data-testid="explorer-empty">
        <h2>No Analysis Data</h2>
        <p className="muted">Run an analysis of this project first; its enhanced source insights feed the Citation Explorer.</p>
      </div>
    )
  if (data.isLightMode)
    return (
      <div className="panel empty" data-testid="explorer-empty">
        <h2>Not available in Light Mode</h2>
        <p className="muted">The Citation Explorer reads Source Insights, which Light Mode analyses do not have.</p>
      </div>
    )
  if (!data.hasInsights)
    return (
      <div className="panel empty" data-testid="explorer-empty">
        <h2>No enhanced source insights yet</h2>
        <p className="muted">
          Open Source Insights and click <strong>Run Enhanced Source Analysis</strong>: each query is asked again of the search models, and the citations they give, with the text they cite,
          appear here.
        </p>
        <Link className="btn btn-primary" to={`/?phase=4&project=${projectId}&analysis=${data.analysisId}&tab=site-priorities`}>
          Open Source Insights
        </Link>
      </div>
    )
  return (
    <div data-testid="citation-explorer">
      <p className="muted">
        Analysis of {data.analysisDate} · top 5 citations per query with the text the models cited · {data.queries.length} queries
      </p>
      {data.queries.map((q) => (
        <section key={q.query} className="panel" data-testid="explorer-query">
          <h3 style={{ marginTop: 0 }} data-testid="explorer-query-title">
            {q.query}
          </h3>
          {q.citations.length === 0 ? (
            <p className="muted">{NO_EXPLORER_CITATIONS}</p>
          ) : (
            <ol style={{ paddingLeft: '1.2rem', margin: 0 }}>
              {q.citations.map((c) => {
                const key = `${q.query}\n${c.url}`
                const all = open.has(key)
                const { shown, more } = shownExcerpts(c.excerpts)
                return (
                  <li key={c.url} data-testid="explorer-citation" style={{ marginBottom: '.7rem' }}>
                    <div style={{ display: 'flex', gap: '.5rem', alignItems: 'center', flexWrap: 'wrap' }}>
                      <strong>{c.domain}</strong>
                      {c.title && <span className="muted">{c.title}</span>}
                      <a href={c.url} target="_blank" rel="noopener noreferrer nofollow">
                        Visit
                      </a>
                      {c.models.map((m) => (
                        <span key={m} className="badge badge-blue">
                          {m}
                        </span>
                      ))}
                    </div>
                    <ul style={{ margin: '.3rem 0 0', paddingLeft: '1rem' }}>
                      {(all ? c.excerpts : shown).map((e, n) => (
                        <li key={n} data-testid="explorer-excerpt" style={{ fontSize: '.9rem' }}>
                          “{e}”
                        </li>
                      ))}
                    </ul>
                    {more > 0 && (
                      <button className="btn-link" style={{ fontSize: '.85rem' }} onClick={() => setOpen((s) => new Set(s).add(key))} hidden={all}>
                        +{more} more excerpts
                      </button>
                    )}
                  </li>
                )
              })}
            </ol>
          )}
        </section>
      ))}
    </div>
  )
}
