/**
 * The Content Optimiser screen (§2, §4, §5, §8): target prompt and content (URL or text/HTML), a progress panel
 * with the nine phases read from the workflow, the results with the seven pillar tabs, and on the summary tab
 * critical actions, recommendation selection, the rewrite, export and share. Optionally tied to a project
 * (auto-save, 'Saved (n)').
 */
import { Link } from '@remix-run/react'
import { useCallback, useEffect, useRef, useState } from 'react'
import { useToast } from '~/components/toast'
import {
  DEFAULT_OPTIMISER_LANGUAGE,
  OPTIMISER_LANGUAGES,
  PHASES,
  RESULT_TABS,
  type OptimisationResult,
  type OptimiserAnalysis,
  type OptimiserProgress,
  type SavedContentAnalysis,
} from '~/domain/optimiser'
import { OPTIMISER_MESSAGES } from '~/domain/optimiser/requests'
import { CriticalActions, Overview, PillarTab } from './OptimiserResultView'

const BASE = '/api/content/optimiser-v2'

async function call<T = any>(url: string, init?: { method?: string; body?: unknown }): Promise<{ ok: boolean; status: number; body: T & { error?: string; message?: string } }> {
  const res = await fetch(url, {
    method: init?.method ?? (init?.body === undefined ? 'GET' : 'POST'),
    credentials: 'include',
    headers: init?.body === undefined ? undefined : { 'content-type': 'application/json' },
    body: init?.body === undefined ? undefined : JSON.stringify(init.body),
  })
  let body: any
  try {
    body = await res.json()
  } catch {
    body = {}
  }
  return { ok: res.ok, status: res.status, body }
}

export interface OptimiserLimits {
  canRunAnalysis: boolean
  analysesRemaining: number | null
  isActive: boolean
}

function newRunId() {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`
}

function downloadBlob(blob: Blob, name: string) {
  const a = document.createElement('a')
  a.href = URL.createObjectURL(blob)
  a.download = name
  a.click()
  setTimeout(() => URL.revokeObjectURL(a.href), 1000)
}

export function OptimiserScreen({ projectId, projectName, limits }: { projectId: number | null; projectName?: string | null; limits: OptimiserLimits }) {
  const toast = useToast()
  const [prompt, setPrompt] = useState('')
  const [mode, setMode] = useState<'url' | 'text'>('text')
  const [url, setUrl] = useState('')
  const [content, setContent] = useState('')
  const [running, setRunning] = useState(false)
  const [progress, setProgress] = useState<OptimiserProgress | null>(null)
  const [result, setResult] = useState<OptimiserAnalysis | null>(null)
  const [tab, setTab] = useState<string>('summary')
  const [selected, setSelected] = useState<Set<number>>(new Set())
  const [language, setLanguage] = useState(DEFAULT_OPTIMISER_LANGUAGE)
  const [requirements, setRequirements] = useState('')
  const [optimising, setOptimising] = useState(false)
  const [optimisation, setOptimisation] = useState<OptimisationResult | null>(null)
  const [contentTab, setContentTab] = useState<'preview' | 'html'>('preview')
  const [saves, setSaves] = useState<SavedContentAnalysis[]>([])
  const [savesOpen, setSavesOpen] = useState(false)
  const [helpOpen, setHelpOpen] = useState(false)
  const [shareUrl, setShareUrl] = useState<string | null>(null)
  const [exporting, setExporting] = useState(false)
  const [remaining, setRemaining] = useState(limits.analysesRemaining)
  const pollRef = useRef<ReturnType<typeof setInterval>>()

  const outOfQuota = remaining !== null && remaining <= 0
  const loadSaves = useCallback(async () => {
    if (!projectId) return
    // The list arrives in a callback, so the effect below only starts the request.
    await call<{ saves: SavedContentAnalysis[] }>(`${BASE}/project/${projectId}/saves`)
      .then((r) => {
        if (r.ok) setSaves(r.body.saves)
        else console.warn('Could not load saved analyses', r.status)
      })
      .catch((e) => console.warn('Could not load saved analyses', e))
  }, [projectId])
  useEffect(() => {
    void loadSaves()
  }, [loadSaves])
  useEffect(() => () => clearInterval(pollRef.current), [])

  const allRecommendations = (r: OptimiserAnalysis) => new Set(r.summarizedRecommendations.map((_, i) => i))

  async function autoSave(r: OptimiserAnalysis, optimized: string | null) {
    if (!projectId) return
    try {
      const s = await call(`${BASE}/save-to-project`, {
        body: { projectId, analysisResult: r, optimizedContent: optimized, metadata: { originalQuery: r.prompt, language, customRequirements: requirements, brandContext: projectName ?? '', hasCriticalActions: r.criticalActions.length > 0 } },
      })
      if (!s.ok) console.warn('Auto-save failed', s.status, s.body.error)
      await loadSaves()
    } catch (e) {
      console.warn('Auto-save failed', e)
    }
  }

  async function analyse() {
    if (!prompt.trim()) return toast({ ...OPTIMISER_MESSAGES.queryRequired, variant: 'destructive' })
    if (mode === 'text' && !content.trim()) return toast({ ...OPTIMISER_MESSAGES.contentRequired, variant: 'destructive' })
    if (mode === 'url' && !url.trim()) return toast({ ...OPTIMISER_MESSAGES.urlRequired, variant: 'destructive' })
    if (!limits.isActive) return toast({ ...OPTIMISER_MESSAGES.inactive, variant: 'destructive' })
    if (outOfQuota) return toast({ ...OPTIMISER_MESSAGES.limitReached(remaining ?? 0), variant: 'destructive' })
    const runId = newRunId()
    setRunning(true)
    setResult(null)
    setOptimisation(null)
    setShareUrl(null)
    setProgress({ status: 'running', phases: PHASES.map((name, i) => ({ name, status: i === 0 ? 'running' : 'pending' })), currentPhase: 0, phase: PHASES[0], progressPercent: 0, estimatedTimeRemaining: 20, error: null })
    clearInterval(pollRef.current)
    pollRef.current = setInterval(async () => {
      try {
        const p = await call<OptimiserProgress>(`${BASE}/progress/${runId}`)
        if (p.ok && p.body.phases?.length) setProgress((old) => (old?.status === 'running' ? p.body : old))
      } catch (e) {
        console.warn('Progress poll failed', e)
      }
    }, 1000)
    try {
      const r = await call<{ success: boolean; analysis: OptimiserAnalysis }>(`${BASE}/relevance`, {
        body: { prompt, language, runId, projectId, ...(mode === 'url' ? { url } : { content }) },
      })
      clearInterval(pollRef.current)
      if (!r.ok || !r.body.success || !r.body.analysis) {
        const limit = r.body.error === 'Analysis Limit Reached' || r.body.error === 'Account Inactive'
        // Cancelled in Temporal (an operator's Cancel): said as such, not as a failure.
        const cancelled = r.body.error === OPTIMISER_MESSAGES.cancelled.title
        toast({ title: limit || cancelled ? (r.body.error as string) : 'Analysis Failed', description: r.body.message ?? r.body.error ?? 'Failed to analyze content', variant: 'destructive' })
        setProgress((old) => old && { ...old, status: cancelled ? 'cancelled' : 'error', error: r.body.message ?? 'Failed to analyze content', phases: old.phases.map((ph, i) => (i === old.currentPhase && !cancelled ? { ...ph, status: 'error' } : ph)) })
        return
      }
      let analysis = r.body.analysis
      if (!analysis.criticalActions.length) {
        try {
          const ca = await call<{ success: boolean; criticalActions: OptimiserAnalysis['criticalActions'] }>(`${BASE}/generate-critical-actions`, {
            body: { prompt, analysisData: { ...Object.fromEntries(Object.entries(analysis.scores).filter(([k]) => k !== 'overall')), recommendations: analysis.summarizedRecommendations.map((x) => x.recommendation) } },
          })
          if (ca.ok && ca.body.success) analysis = { ...analysis, criticalActions: ca.body.criticalActions }
        } catch (e) {
          console.warn('Critical actions failed', e)
        }
      }
      setProgress((old) => old && { ...old, status: 'completed', progressPercent: 100, estimatedTimeRemaining: 0, phases: PHASES.map((name, i) => ({ name, status: old.phases[i]?.status === 'error' ? 'error' : 'completed' })) })
      setResult(analysis)
      setSelected(allRecommendations(analysis))
      setTab('summary')
      if (remaining !== null) setRemaining(remaining - 1)
      toast({ title: 'Analysis Complete', description: `Average relevance: ${analysis.visualData.averageScore.toFixed(1)}/10${projectId ? '. Saved to project' : ''}`, variant: 'success' })
      await autoSave(analysis, null)
    } catch (e) {
      clearInterval(pollRef.current)
      toast({ title: 'Analysis Failed', description: e instanceof Error ? e.message : 'Failed to analyze content', variant: 'destructive' })
    } finally {
      setRunning(false)
    }
  }

  async function optimise() {
    if (!result) return
    if (selected.size === 0) return toast({ ...OPTIMISER_MESSAGES.noRecommendations, variant: 'destructive' })
    if (!result.fullContent.trim() || !result.prompt.trim()) return toast({ ...OPTIMISER_MESSAGES.missingData, variant: 'destructive' })
    setOptimising(true)
    try {
      const r = await call<{ success: boolean; optimisation: OptimisationResult }>(`${BASE}/optimise`, {
        body: { originalContent: result.fullContent, prompt: result.prompt, selectedRecommendations: [...selected].sort((a, b) => a - b).map((i) => result.summarizedRecommendations[i].recommendation), language, customRequirements: requirements },
      })
      if (!r.ok || !r.body.success) {
        toast({ title: 'Optimization Failed', description: r.body.message ?? r.body.error ?? 'Failed to optimise content. Please try again.', variant: 'destructive' })
        return
      }
      setOptimisation(r.body.optimisation)
      toast({ title: 'Content Optimized', description: r.body.optimisation.improvementSummary, variant: 'success' })
      await autoSave(result, r.body.optimisation.optimisedContent)
    } catch {
      toast({ title: 'Optimization Failed', description: 'Optimization failed', variant: 'destructive' })
    } finally {
      setOptimising(false)
    }
  }

  const exportBody = () => ({
    analysisResult: result,
    optimisedContent: optimisation?.optimisedContent ?? null,
    metadata: {
      originalQuery: result?.prompt ?? '',
      exportedAt: new Date().toISOString(),
      language,
      customRequirements: requirements,
      scores: result?.scores,
      recommendationCounts: { high: result?.summarizedRecommendations.filter((x) => x.priority === 'high').length ?? 0, medium: result?.summarizedRecommendations.filter((x) => x.priority === 'medium').length ?? 0, low: result?.summarizedRecommendations.filter((x) => x.priority === 'low').length ?? 0 },
    },
  })

  async function exportPublic() {
    setExporting(true)
    try {
      const r = await call<{ success: boolean; shareUrl: string }>(`${BASE}/export-public`, { body: exportBody() })
      if (!r.ok || !r.body.shareUrl) throw new Error(r.body.error)
      setShareUrl(r.body.shareUrl)
      toast({ title: 'Export Created', variant: 'success' })
    } catch {
      toast({ title: 'Export Failed', description: 'There was an error creating the public export', variant: 'destructive' })
    } finally {
      setExporting(false)
    }
  }

  async function exportPdf() {
    setExporting(true)
    try {
      const res = await fetch(`${BASE}/export-pdf`, { method: 'POST', credentials: 'include', headers: { 'content-type': 'application/json' }, body: JSON.stringify(exportBody()) })
      if (!res.ok) throw new Error(`Export failed: ${res.status}`)
      const type = res.headers.get('content-type') ?? ''
      const blob = await res.blob()
      if (type.includes('pdf')) {
        downloadBlob(blob, 'content-optimisation.pdf')
        toast({ title: 'PDF Downloaded', variant: 'success' })
      } else {
        downloadBlob(blob, 'content-optimisation.html')
        toast({ title: 'HTML Downloaded', description: 'Open it and print to PDF.', variant: 'success' })
      }
    } catch {
      toast({ title: 'PDF Export Failed', description: 'There was an error generating the PDF', variant: 'destructive' })
    } finally {
      setExporting(false)
    }
  }

  async function removeSave(id: number) {
    try {
      const r = await call(`${BASE}/saves/${id}`, { method: 'DELETE' })
      if (!r.ok) throw new Error(String(r.status))
      toast({ title: 'Deleted', variant: 'success' })
      await loadSaves()
    } catch {
      toast({ title: 'Error', description: 'Failed to delete saved analysis.', variant: 'destructive' })
    }
  }

  function loadSave(s: SavedContentAnalysis) {
    setResult(s.analysisResult)
    setPrompt(s.analysisResult.prompt)
    setOptimisation(s.optimizedContent ? { optimisedContent: s.optimizedContent, improvementSummary: '', appliedOptimisations: [] } : null)
    setSelected(allRecommendations(s.analysisResult))
    setLanguage(s.metadata.language || DEFAULT_OPTIMISER_LANGUAGE)
    setRequirements(s.metadata.customRequirements ?? '')
    setSavesOpen(false)
    setProgress(null)
    setTab('summary')
    toast({ title: 'Analysis Loaded', variant: 'success' })
  }

  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text)
      toast({ title: 'Copied to Clipboard', variant: 'success' })
    } catch {
      toast({ title: 'Copy failed', variant: 'destructive' })
    }
  }

  const recs = result?.summarizedRecommendations ?? []
  return (
    <div className="optimiser" data-testid="optimiser-screen">
      <div className="panel">
        <div className="opt-head">
          <h1>Content Optimiser</h1>
          <div className="opt-head-actions">
            {projectId && (
              <button className="btn" type="button" onClick={() => setSavesOpen(true)} data-testid="saved-button">
                Saved ({saves.length})
              </button>
            )}
            <Link className="btn" to="/export-history">View Previous Exports</Link>
          </div>
        </div>
        <div className="field">
          <label htmlFor="opt-prompt">Target Prompt/Query</label>
          <input id="opt-prompt" value={prompt} maxLength={500} onChange={(e) => setPrompt(e.target.value)} placeholder="e.g. best running shoes for beginners" />
        </div>
        <div className="field">
          <label>Content Source</label>
          <div className="opt-toggle" role="group">
            <button type="button" className={`btn btn-small ${mode === 'url' ? 'btn-primary' : ''}`} onClick={() => setMode('url')}>URL</button>
            <button type="button" className={`btn btn-small ${mode === 'text' ? 'btn-primary' : ''}`} onClick={() => setMode('text')}>Text/HTML</button>
          </div>
        </div>
        {mode === 'url' ? (
          <div className="field">
            <label htmlFor="opt-url">URL</label>
            <input id="opt-url" type="url" value={url} onChange={(e) => setUrl(e.target.value)} placeholder="https://www.example.com/page" />
          </div>
        ) : (
          <div className="field">
            <label htmlFor="opt-content">Content (text or HTML)</label>
            <textarea id="opt-content" rows={10} value={content} onChange={(e) => setContent(e.target.value)} />
          </div>
        )}
        <button className="btn btn-primary" type="button" onClick={analyse} disabled={running || outOfQuota || !limits.isActive} data-testid="analyse-button">
          {running ? 'Analyzing...' : 'Analyze Content'}
        </button>
        {remaining !== null && <span className="muted"> {remaining} analyses remaining</span>}
      </div>

      {progress && progress.status !== 'completed' && (
        <div className="panel" data-testid="optimiser-progress">
          <h3 data-progress-status={progress.status}>{progress.status === 'error' ? 'Analysis failed' : progress.status === 'cancelled' ? 'Analysis cancelled' : 'Analyzing content...'}</h3>
          <div className="opt-bar"><div style={{ width: `${progress.progressPercent}%`, background: '#2563eb' }} /></div>
          <p>
            <strong data-testid="progress-percent">{progress.progressPercent}%</strong> · {progress.phase} · about {Math.ceil(progress.estimatedTimeRemaining)} s remaining
          </p>
          <ol className="opt-phases">
            {progress.phases.map((p) => (
              <li key={p.name} className={`opt-phase-${p.status}`}>{p.name}{p.status === 'error' ? ' (failed)' : p.status === 'completed' ? ' ✓' : p.status === 'running' ? ' …' : ''}</li>
            ))}
          </ol>
          {progress.error && <p className="field-error">{progress.error}</p>}
        </div>
      )}

      {!result && !running && <p className="muted empty">Enter a target prompt and the content (or its URL) to analyse how likely AI answers are to cite it.</p>}

      {result && (
        <div className="panel" data-testid="optimiser-results">
          <div className="opt-head">
            <h2>Analysis Results</h2>
            <button className="btn btn-small" type="button" onClick={() => setHelpOpen(true)}>How it works</button>
          </div>
          <Overview result={result} />
          <nav className="tabbar" aria-label="Optimiser tabs">
            {RESULT_TABS.map((t) => (
              <a key={t.key} href={`#${t.key}`} className={tab === t.key ? 'active' : ''} onClick={(e) => (e.preventDefault(), setTab(t.key))} data-testid={`tab-${t.key}-button`}>
                {t.label}
              </a>
            ))}
          </nav>
          {tab === 'summary' ? (
            <div data-testid="tab-summary">
              <div className="opt-cards">
                {(['high', 'medium', 'low'] as const).map((p) => (
                  <div key={p} className="panel"><h4>{p[0].toUpperCase() + p.slice(1)} priority</h4><strong data-testid={`count-${p}`}>{recs.filter((r) => r.priority === p).length}</strong></div>
                ))}
              </div>
              <CriticalActions result={result} />
              <h3>Recommendations</h3>
              <div className="opt-head-actions">
                <button className="btn btn-small" type="button" onClick={() => setSelected(allRecommendations(result))}>Select All</button>
                <button className="btn btn-small" type="button" onClick={() => setSelected(new Set())}>Clear All</button>
              </div>
              <ul className="opt-recs" data-testid="recommendations">
                {recs.map((r, i) => (
                  <li key={i}>
                    <label>
                      <input type="checkbox" checked={selected.has(i)} onChange={() => setSelected((s) => { const n = new Set(s); if (n.has(i)) n.delete(i); else n.add(i); return n })} />
                      <span className={`badge ${r.priority === 'high' ? 'badge-red' : r.priority === 'medium' ? 'badge-yellow' : 'badge-grey'}`}>{r.priority}</span> <strong>{r.category}</strong>: {r.recommendation} <span className="muted">({r.impact})</span>
                    </label>
                  </li>
                ))}
              </ul>
              <div className="grid-2">
                <div className="field">
                  <label htmlFor="opt-language">Language</label>
                  <select id="opt-language" value={language} onChange={(e) => setLanguage(e.target.value)}>
                    {OPTIMISER_LANGUAGES.map((l) => <option key={l.code} value={l.code}>{l.name}</option>)}
                  </select>
                </div>
                <div className="field">
                  <label htmlFor="opt-req">Additional Requirements (optional)</label>
                  <textarea id="opt-req" rows={3} value={requirements} onChange={(e) => setRequirements(e.target.value)} />
                </div>
              </div>
              <button className="btn btn-primary" type="button" onClick={optimise} disabled={optimising} data-testid="optimise-button">
                {optimising ? 'Optimizing...' : `Optimize Content (${selected.size} recommendations)`}
              </button>
              <div className="panel">
                <h3>Export & Share</h3>
                <button className="btn" type="button" onClick={exportPublic} disabled={exporting} data-testid="share-button">Create Shareable Link</button>{' '}
                <button className="btn" type="button" onClick={exportPdf} disabled={exporting} data-testid="pdf-button">Download PDF</button>
              </div>
              {optimisation && (
                <div className="panel" data-testid="optimised-content">
                  <h3>Optimised Content</h3>
                  {optimisation.improvementSummary && <p>{optimisation.improvementSummary}</p>}
                  <div className="opt-head-actions">
                    <button className={`btn btn-small ${contentTab === 'preview' ? 'btn-primary' : ''}`} type="button" onClick={() => setContentTab('preview')}>Preview</button>
                    <button className={`btn btn-small ${contentTab === 'html' ? 'btn-primary' : ''}`} type="button" onClick={() => setContentTab('html')}>HTML Code</button>
                    <button className="btn btn-small" type="button" onClick={() => copy(optimisation.optimisedContent)}>Copy</button>
                  </div>
                  {contentTab === 'preview' ? (
                    // Sanitised on the server; a sandboxed frame without scripts is a second wall.
                    <iframe title="Optimised content preview" sandbox="" className="opt-preview" srcDoc={`<!doctype html><meta charset="utf-8"><body style="font-family:system-ui;line-height:1.5">${optimisation.optimisedContent}</body>`} />
                  ) : (
                    <pre className="opt-code" data-testid="optimised-html" role="region" aria-label="Optimised HTML" tabIndex={0}>{optimisation.optimisedContent}</pre>
                  )}
                </div>
              )}
            </div>
          ) : (
            <PillarTab tab={tab} result={result} />
          )}
        </div>
      )}

      {helpOpen && (
        <div className="dialog-backdrop" role="dialog" aria-label="How Content Optimiser Works">
          <div className="panel dialog">
            <h2>How Content Optimiser Works</h2>
            <p>The page is split into about 100-word chunks and scored on seven pillars that decide whether AI answers cite it: relevance to your prompt (embeddings from two providers plus a model score), synthesis, citation worthiness, breadth & depth, multi-modal support, personalisation across intents, and crawlability (including facts the product checks itself: robots.txt for AI crawlers, meta robots, canonical, structured data, server-rendered text, headings).</p>
            <p>Each pillar scores 0-10 (shown ×10); the overall score is the mean of the seven. Select recommendations and optimise to get a rewritten version.</p>
            <button className="btn" type="button" onClick={() => setHelpOpen(false)}>Close</button>
          </div>
        </div>
      )}

      {shareUrl && (
        <div className="dialog-backdrop" role="dialog" aria-label="Export Created Successfully">
          <div className="panel dialog" data-testid="export-dialog">
            <h2>Export Created Successfully</h2>
            <input readOnly value={shareUrl} className="opt-share" aria-label="Share link of this optimisation" data-testid="share-url" onFocus={(e) => e.currentTarget.select()} />
            <div className="opt-head-actions">
              <button className="btn" type="button" onClick={() => copy(shareUrl)}>Copy</button>
              <a className="btn" href={shareUrl} target="_blank" rel="noreferrer">View Public Page</a>
              <Link className="btn" to="/export-history">View All Exports</Link>
              <button className="btn" type="button" onClick={() => setShareUrl(null)}>Close</button>
            </div>
          </div>
        </div>
      )}

      {savesOpen && (
        <div className="dialog-backdrop" role="dialog" aria-label="Saved Content Analyses">
          <div className="panel dialog" data-testid="saves-dialog">
            <h2>Saved Content Analyses</h2>
            {saves.length === 0 ? (
              <div className="empty"><p>No saved analyses yet</p><p>Analyses will be automatically saved when you complete them</p></div>
            ) : (
              <ul className="opt-saves">
                {saves.map((s) => {
                  const d = new Date(s.createdAt)
                  return (
                    <li key={s.id}>
                      <strong>{s.metadata.originalQuery || 'Content Analysis'}</strong>{' '}
                      <span className="muted">{d.toLocaleDateString('en-GB', { day: '2-digit', month: '2-digit', year: '2-digit' })} {d.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' })}</span>{' '}
                      <span className="badge">{s.metadata.language || DEFAULT_OPTIMISER_LANGUAGE}</span> {s.optimizedContent && <span className="badge badge-green">Optimized</span>}
                      {s.metadata.customRequirements && <p className="muted">{s.metadata.customRequirements}</p>}
                      <button className="btn btn-small" type="button" onClick={() => loadSave(s)}>Load Analysis</button>{' '}
                      <button className="btn btn-small btn-danger" type="button" aria-label="Delete saved analysis" onClick={() => removeSave(s.id)}>Delete</button>
                    </li>
                  )
                })}
              </ul>
            )}
            <button className="btn" type="button" onClick={() => setSavesOpen(false)}>Close</button>
          </div>
        </div>
      )}
    </div>
  )
}
