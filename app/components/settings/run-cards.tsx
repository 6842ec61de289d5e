import { useState } from 'react'
import { usePolling } from '../use-polling'
import { useToast } from '../toast'
import { callJson, failedAnswer } from '../json'
import { cardPercent, RUN_CARD_POLL_MS, SETTINGS_MESSAGES, type RunCard } from '../../domain/settings/analysis-settings'

interface LiveRow {
  modelId: number
  status: string
  completed: number
  total: number
  currentQuery: string | null
}

/**
 * The six individual-model run cards of Analysis Settings: add or refresh one model of the selected analysis;
 * while a run is going the card polls the live per-model progress (the workflow query) once per second.
 */
export function RunCards({ analysisId, projectId, cards, canManage, onDone }: { analysisId: number | null; projectId: number; cards: RunCard[]; canManage: boolean; onDone: () => void }) {
  const toast = useToast()
  const [starting, setStarting] = useState<number | null>(null)
  const [live, setLive] = useState<Record<number, LiveRow>>({})
  const [running, setRunning] = useState<number[]>(cards.filter((c) => c.state === 'running').map((c) => c.modelId))

  usePolling(
    async () => {
      if (!analysisId) return
      const res = await callJson<{ progressDetails: LiveRow[]; runningModelIds: number[] }>(`/api/analyses/${analysisId}/progress`)
      if (!res.ok) return
      const body = res.data
      setLive(Object.fromEntries(body.progressDetails.map((r) => [r.modelId, r])))
      // The server's list of running models decides when a card's run is over.
      const stillRunning = running.filter((id) => body.runningModelIds.includes(id))
      if (stillRunning.length !== running.length) {
        setRunning(stillRunning)
        onDone()
      }
    },
    RUN_CARD_POLL_MS,
    running.length > 0,
  )

  const start = async (card: RunCard) => {
    if (!analysisId) return toast({ title: SETTINGS_MESSAGES.noAnalysis, description: SETTINGS_MESSAGES.noAnalysisDetail, variant: 'destructive' })
    setStarting(card.modelId)
    const refresh = card.state === 'complete'
    const failed = `Failed to start ${card.name} analysis. Please try again.`
    const res = await callJson(refresh ? `/api/analyses/${analysisId}/manage` : card.addPath, {
      body: refresh ? { action: 'refresh', modelId: card.modelId } : { analysisId, projectId },
    }).catch(failedAnswer)
    setStarting(null)
    if (!res.ok) return toast({ title: 'Analysis Failed', description: res.detail || failed, variant: 'destructive' })
    toast({ title: `${card.name} Analysis Started`, variant: 'success' })
    setRunning((r) => [...new Set([...r, card.modelId])])
  }

  return (
    <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(230px, 1fr))', gap: '.75rem' }} data-testid="run-cards">
      {cards.map((card) => {
        const row = live[card.modelId]
        const isRunning = running.includes(card.modelId)
        const pct = isRunning && row ? cardPercent(row.completed, row.total) : card.state === 'complete' ? 100 : 0
        return (
          <div key={card.modelId} className="panel" style={{ margin: 0 }} data-model-id={card.modelId}>
            <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
              <strong>{card.name}</strong>
              <span className="badge">{card.costLabel}</span>
            </div>
            <div className="muted" style={{ fontSize: '.85rem', margin: '.3rem 0' }}>
              {isRunning ? (row ? `${row.completed}/${row.total} queries` : 'Starting...') : card.state === 'complete' ? `Analysis Complete · ${card.answered}/${card.expected} answers` : 'Available · Ready'}
            </div>
            <div className="progress" role="progressbar" aria-label={`${card.name} progress`} aria-valuenow={pct} aria-valuemin={0} aria-valuemax={100}>
              <div style={{ width: `${pct}%`, height: '100%', background: 'var(--accent)' }} />
            </div>
            {isRunning && row?.currentQuery && <div className="muted" style={{ fontSize: '.75rem', marginTop: '.3rem' }}>{row.currentQuery}</div>}
            {canManage && (
              <button className="btn btn-small" style={{ marginTop: '.5rem' }} disabled={isRunning || starting !== null} onClick={() => void start(card)}>
                {isRunning ? 'Running...' : starting === card.modelId ? 'Starting...' : card.state === 'complete' ? 'Refresh' : `Run ${card.name}`}
              </button>
            )}
          </div>
        )
      })}
    </div>
  )
}
