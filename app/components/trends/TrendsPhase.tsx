/**
 * Phase 3, 'Trends & Historical Data': brand selector, Add Analysis with the background-analysis panel, the daily
 * scheduled run, alerts, and four trend charts with tables and spreadsheet exports. Every rate carries its n and a
 * 95 % Wilson band. Data comes from GET /api/projects/{id}/trends; user and model text renders as React text.
 * This file only lays the page out: each panel and its data live in their own files beside it.
 */
import { useMemo, useState } from 'react'
import { Empty } from '~/components/results/Parts'
import { LIGHT_MODE_LOCKED } from '~/domain/trends'
import { ExperimentsPanel } from '~/components/experiments/ExperimentsPanel'
import { CanariesPanel } from '~/components/canaries/CanariesPanel'
import { TrendMarkers, type TrendMarker } from '~/components/experiments/Markers'
import { AlertBell } from './AlertBell'
import { Alerts } from './Alerts'
import { BackgroundAnalysis } from './BackgroundAnalysis'
import { BrandSelector } from './BrandSelector'
import { DailyRun } from './DailyRun'
import { MentionsTrend } from './MentionsTrend'
import { ModelSelect } from './ModelSelect'
import { ModelsOverTime } from './ModelsOverTime'
import { QueryTrend, RankTrend } from './RankTrends'
import { ShareTrend } from './ShareTrend'
import { TopicTrend } from './TopicTrend'
import { BAND_HELP, Help } from './TrendPanel'
import { useTrends } from './use-trends'

export function TrendsPhase({ projectId, isLightMode }: { projectId: number; isLightMode: boolean }) {
  const { data, error, reload, setQuery, setTopicBrand, setModelBrand, selected, setSelected } = useTrends(projectId, isLightMode)
  // The one model the share and rank charts count (null: all API models, the brand totals).
  const [modelId, setModelId] = useState<number | null>(null)
  // Recorded changes and model changes, marked on every chart.
  const [changeMarkers, setChangeMarkers] = useState<TrendMarker[]>([])
  const [modelMarkers, setModelMarkers] = useState<TrendMarker[]>([])
  const markers = useMemo(() => [...changeMarkers, ...modelMarkers], [changeMarkers, modelMarkers])

  if (isLightMode)
    return (
      <div className="panel" data-testid="trends-locked">
        <h1>Trends &amp; Historical Data</h1>
        <Empty title={LIGHT_MODE_LOCKED}>Trends are part of the Standard and Full analyses.</Empty>
      </div>
    )
  if (error)
    return (
      <div className="panel" data-testid="trends-error">
        <h1>Trends &amp; Historical Data</h1>
        <Empty title="Error Loading Data">{error}</Empty>
        <button type="button" className="btn" onClick={reload}>
          Retry
        </button>
      </div>
    )
  if (!data) return <div className="panel">Loading trends...</div>

  const brands = selected ?? data.defaultBrands
  const shown = data.brands.filter((b) => brands.includes(b.name))
  const isOwner = data.project.accessType === 'owner'
  const model = data.models.find((m) => m.id === modelId) ?? null
  const chooseModel = (id: number | null) => {
    setModelId(id)
    // The model's series is of one brand: the first brand the selector shows, unless one is already chosen.
    if (id !== null && !shown.some((b) => b.name === data.modelBrand) && shown[0]) setModelBrand(shown[0].name)
  }
  return (
    <div data-testid="trends">
      <div className="rs-header">
        <div className="rs-title">
          <h1>Trends &amp; Historical Data</h1>
          <Help label="About the bands" text={BAND_HELP} />
          <AlertBell projectId={projectId} unread={data.unreadAlerts} onRead={() => undefined} />
        </div>
        <div className="rs-actions">{isOwner && <BackgroundAnalysis projectId={projectId} onDone={reload} />}</div>
      </div>
      <DailyRun projectId={projectId} isOwner={isOwner} />
      <Alerts alerts={data.alerts} projectId={projectId} isOwner={isOwner} />
      <CanariesPanel projectId={projectId} onMarkers={setModelMarkers} />
      <ExperimentsPanel projectId={projectId} onMarkers={setChangeMarkers} />
      <TrendMarkers.Provider value={markers}>
      {data.days.length === 0 ? (
        <Empty title="No Historical Data">Run daily analyses to see trends over time.</Empty>
      ) : (
        <>
          <BrandSelector data={data} brands={brands} onChange={setSelected} />
          <ModelSelect data={data} shown={shown} model={model} onModel={chooseModel} onModelBrand={setModelBrand} />
          <MentionsTrend data={data} shown={shown} />
          <ShareTrend data={data} shown={shown} model={model} />
          <RankTrend data={data} shown={shown} model={model} />
          <ModelsOverTime data={data} />
          <QueryTrend data={data} shown={shown} onQuery={setQuery} />
          <TopicTrend data={data} onBrand={setTopicBrand} />
        </>
      )}
      </TrendMarkers.Provider>
    </div>
  )
}
