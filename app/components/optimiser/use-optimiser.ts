/**
 * The optimiser's state and calls: the form, one analysis run (progress polled every second while it runs), the
 * recommendation selection and rewrite, auto-save to the project, loading a saved analysis, and the exports.
 */
import { useState } from 'react'
import { callJson, errorText } from '~/components/json'
import { useToast } from '~/components/toast'
import { usePolling } from '~/components/use-polling'
import { DEFAULT_OPTIMISER_LANGUAGE, type OptimisationResult, type OptimiserAnalysis, type OptimiserProgress, type SavedContentAnalysis } from '~/domain/optimiser'
import { OPTIMISER_MESSAGES } from '~/domain/optimiser/requests'
import { downloadBlob, newRunId, OPTIMISER_BASE as BASE } from './optimiser-api'
import { completedProgress, endedProgress, polledProgress, startingProgress } from './progress'
import { useOptimiserSaves } from './use-optimiser-saves'

export interface OptimiserLimits {
  canRunAnalysis: boolean
  analysesRemaining: number | null
  isActive: boolean
}

const allRecommendations = (r: OptimiserAnalysis) => new Set(r.summarizedRecommendations.map((_, i) => i))

export function useOptimiser({ projectId, projectName, limits }: { projectId: number | null; projectName?: string | null; limits: OptimiserLimits }) {
  const toast = useToast()
  const saves = useOptimiserSaves(projectId)
  const [prompt, setPrompt] = useState('')
  const [mode, setMode] = useState<'url' | 'text'>('text')
  const [url, setUrl] = useState('')
  const [content, setContent] = useState('')
  const [running, setRunning] = useState(false)
  // The run whose progress is polled; null once its result (or failure) arrived.
  const [polledRun, setPolledRun] = useState<string | null>(null)
  const [progress, setProgress] = useState<OptimiserProgress | null>(null)
  const [result, setResult] = useState<OptimiserAnalysis | null>(null)
  const [tab, setTab] = useState<string>('summary')
  const [selected, setSelected] = useState<Set<number>>(new Set())
  const [language, setLanguage] = useState(DEFAULT_OPTIMISER_LANGUAGE)
  const [requirements, setRequirements] = useState('')
  const [optimising, setOptimising] = useState(false)
  const [optimisation, setOptimisation] = useState<OptimisationResult | null>(null)
  const [shareUrl, setShareUrl] = useState<string | null>(null)
  const [exporting, setExporting] = useState(false)
  const [remaining, setRemaining] = useState(limits.analysesRemaining)
  const outOfQuota = remaining !== null && remaining <= 0

  usePolling(
    async () => {
      if (!polledRun) return
      try {
        const p = await callJson<OptimiserProgress>(`${BASE}/progress/${polledRun}`)
        if (p.ok && p.data.phases?.length) setProgress((old) => polledProgress(old, p.data))
      } catch (e) {
        console.warn('Progress poll failed', e)
      }
    },
    1000,
    polledRun !== null,
  )

  async function autoSave(r: OptimiserAnalysis, optimized: string | null) {
    if (!projectId) return
    try {
      const s = await callJson(`${BASE}/save-to-project`, {
        body: { projectId, analysisResult: r, optimizedContent: optimized, metadata: { originalQuery: r.prompt, language, customRequirements: requirements, brandContext: projectName ?? '', hasCriticalActions: r.criticalActions.length > 0 } },
      })
      if (!s.ok) console.warn('Auto-save failed', s.status, s.data.error)
      await saves.reload()
    } catch (e) {
      console.warn('Auto-save failed', e)
    }
  }

  /** The critical actions of an analysis that came without them; the analysis as it was when they cannot be made. */
  async function withCriticalActions(analysis: OptimiserAnalysis): Promise<OptimiserAnalysis> {
    if (analysis.criticalActions.length) return analysis
    try {
      const ca = await callJson<{ success: boolean; criticalActions: OptimiserAnalysis['criticalActions'] }>(`${BASE}/generate-critical-actions`, {
        body: { prompt, analysisData: { ...Object.fromEntries(Object.entries(analysis.scores).filter(([k]) => k !== 'overall')), recommendations: analysis.summarizedRecommendations.map((x) => x.recommendation) } },
      })
      if (ca.ok && ca.data.success) return { ...analysis, criticalActions: ca.data.criticalActions }
    } catch (e) {
      console.warn('Critical actions failed', e)
    }
    return analysis
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
    setProgress(startingProgress())
    setPolledRun(runId)
    try {
      const r = await callJson<{ success: boolean; analysis: OptimiserAnalysis; error?: string; message?: string }>(`${BASE}/relevance`, {
        body: { prompt, language, runId, projectId, ...(mode === 'url' ? { url } : { content }) },
      })
      setPolledRun(null)
      if (!r.ok || !r.data.success || !r.data.analysis) {
        const limit = r.data.error === 'Analysis Limit Reached' || r.data.error === 'Account Inactive'
        // Cancelled in Temporal (an operator's Cancel): said as such, not as a failure.
        const cancelled = r.data.error === OPTIMISER_MESSAGES.cancelled.title
        toast({ title: limit || cancelled ? (r.data.error as string) : 'Analysis Failed', description: r.data.message ?? r.data.error ?? 'Failed to analyze content', variant: 'destructive' })
        setProgress((old) => endedProgress(old, cancelled, r.data.message ?? 'Failed to analyze content'))
        return
      }
      const analysis = await withCriticalActions(r.data.analysis)
      setProgress(completedProgress)
      setResult(analysis)
      setSelected(allRecommendations(analysis))
      setTab('summary')
      if (remaining !== null) setRemaining(remaining - 1)
      toast({ title: 'Analysis Complete', description: `Average relevance: ${analysis.visualData.averageScore.toFixed(1)}/10${projectId ? '. Saved to project' : ''}`, variant: 'success' })
      await autoSave(analysis, null)
    } catch (e) {
      setPolledRun(null)
      toast({ title: 'Analysis Failed', description: errorText(e, 'Failed to analyze content'), variant: 'destructive' })
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
      const r = await callJson<{ success: boolean; optimisation: OptimisationResult; error?: string; message?: string }>(`${BASE}/optimise`, {
        body: { originalContent: result.fullContent, prompt: result.prompt, selectedRecommendations: [...selected].sort((a, b) => a - b).map((i) => result.summarizedRecommendations[i].recommendation), language, customRequirements: requirements },
      })
      if (!r.ok || !r.data.success) {
        toast({ title: 'Optimization Failed', description: r.data.message ?? r.data.error ?? 'Failed to optimise content. Please try again.', variant: 'destructive' })
        return
      }
      setOptimisation(r.data.optimisation)
      toast({ title: 'Content Optimized', description: r.data.optimisation.improvementSummary, variant: 'success' })
      await autoSave(result, r.data.optimisation.optimisedContent)
    } catch {
      toast({ title: 'Optimization Failed', description: 'Optimization failed', variant: 'destructive' })
    } finally {
      setOptimising(false)
    }
  }

  const toggleRecommendation = (i: number) =>
    setSelected((s) => {
      const n = new Set(s)
      if (n.has(i)) n.delete(i)
      else n.add(i)
      return n
    })

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
      const r = await callJson<{ success: boolean; shareUrl: string; error?: string }>(`${BASE}/export-public`, { body: exportBody() })
      if (!r.ok || !r.data.shareUrl) throw new Error(r.data.error)
      setShareUrl(r.data.shareUrl)
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
      // A file download (PDF, or HTML to print), not a JSON answer: json.ts reads answers as text, so this one is fetched.
      // eslint-disable-next-line no-restricted-syntax -- a file download (PDF or printable HTML), not a JSON answer
      const res = await fetch(`${BASE}/export-pdf`, { method: 'POST', credentials: 'same-origin', headers: { 'content-type': 'application/json' }, body: JSON.stringify(exportBody()) })
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

  function loadSave(s: SavedContentAnalysis) {
    setResult(s.analysisResult)
    setPrompt(s.analysisResult.prompt)
    setOptimisation(s.optimizedContent ? { optimisedContent: s.optimizedContent, improvementSummary: '', appliedOptimisations: [] } : null)
    setSelected(allRecommendations(s.analysisResult))
    setLanguage(s.metadata.language || DEFAULT_OPTIMISER_LANGUAGE)
    setRequirements(s.metadata.customRequirements ?? '')
    setProgress(null)
    setTab('summary')
    toast({ title: 'Analysis Loaded', variant: 'success' })
  }

  return {
    form: { prompt, setPrompt, mode, setMode, url, setUrl, content, setContent },
    running,
    outOfQuota,
    remaining,
    analyse,
    progress,
    result,
    tab,
    setTab,
    selection: { selected, toggle: toggleRecommendation, all: () => result && setSelected(allRecommendations(result)), none: () => setSelected(new Set<number>()) },
    rewrite: { language, setLanguage, requirements, setRequirements, optimising, optimisation, optimise },
    exports: { exporting, exportPublic, exportPdf, shareUrl, closeShare: () => setShareUrl(null) },
    saves: { ...saves, load: loadSave },
  }
}

export type Optimiser = ReturnType<typeof useOptimiser>
