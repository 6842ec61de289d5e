/**
 * Phase 2 "Analysis" of the home page: header, filters, sticky tab bar and the tab shown.
 * All view state (tab, filters, run, selected brand) lives in the URL search params, so a
 * reload restores it; data comes from loadResultsView (app/lib/results.server.ts).
 */
import { useNavigation, useParams, useRevalidator } from '@remix-run/react'
import resultsStylesHref from './results.css'
import { formatDate } from './format'
import { Empty } from './Parts'
import { OverviewTab } from './tabs/OverviewTab'
import { BrandRankTab, QueryRankTab, ShareOfModelTab } from './tabs/TableTabs'
import { MentionsTab, SentimentDetailTab, SentimentTab } from './tabs/MentionsSentimentTabs'
import { ApiDataTab } from './tabs/ApiDataTab'
import { ModelAdminTab } from './tabs/ModelAdminTab'
import { EnginesPanel } from './EnginesPanel'
import { GroupTab } from './tabs/GroupTab'
import { AccuracyTab } from './tabs/AccuracyTab'
import { HeaderBar, FallbackNotice } from './HeaderBar'
import { Filters, TabBar } from './ResultsNav'
import { FailedPanel, NoAnalysisPanel, RunningPanel } from './StatePanels'
import type { ResultsHeader, ResultsViewData, TabData } from '~/domain/results/types'
import { EvidenceBar, EvidenceProvider } from '~/components/evidence/Evidence'
import evidenceStylesHref from '~/components/evidence/evidence.css'
import { modelByFilter } from '~/domain/models'
import { homeHref } from '~/domain/home-phases'

export type { ResultsViewData } from '~/domain/results/types'
export { resultsStylesHref }

/** Link to the results of a project with the view reset (overview, combined model, all topics), as on a project change. */
export function resultsUrl(projectId: number, analysisId?: number | null): string {
  return homeHref('results', { project: projectId, analysis: analysisId || null })
}

export function ResultsPhase({ data }: { data: ResultsViewData }) {
  return (
    <div className="rs" data-results>
      <link rel="stylesheet" href={resultsStylesHref} />
      <link rel="stylesheet" href={evidenceStylesHref} />
      {data.kind === 'no-project' ? (
        <div className="panel">
          <Empty title="No Project Selected">Please complete Phase 1 first to start analysis.</Empty>
        </div>
      ) : (
        <Results view={data} />
      )}
    </div>
  )
}

function Results({ view }: { view: Extract<ResultsViewData, { kind: 'results' }> }) {
  const { header, state, progress, data, engines } = view
  const navigation = useNavigation()
  const revalidator = useRevalidator()
  // On a share link's page (/export/{exportId}) the link itself lets visitors read the answers behind a figure.
  const { exportId } = useParams()
  const loading = navigation.state === 'loading'
  return (
    <>
      <HeaderBar header={header} />
      {header.mode === 'export' && header.exportLink && (
        <div className="rs-export-banner">
          Shared, read-only results of the analysis of {formatDate(header.analysis?.date)}. Link active until {formatDate(header.exportLink.expiresAt)}.
        </div>
      )}
      {header.fallback && state === 'completed' && <FallbackNotice header={header} progress={progress} />}
      {state === 'completed' && (
        <EvidenceProvider
          analysisId={header.mode === 'app' || exportId ? (header.analysis?.id ?? null) : null}
          exportId={header.mode === 'export' ? (exportId ?? null) : null}
          defaults={{ modelId: header.filters.model === 'combined' ? null : (modelByFilter(header.filters.model)?.id ?? null), topic: header.filters.topic, audience: header.filters.audience }}
        >
          <Filters header={header} />
          <EvidenceBar header={header} onRebuilt={() => revalidator.revalidate()} />
          <TabBar header={header} />
          <div className={loading ? 'rs-loading' : undefined} aria-busy={loading || undefined}>
            {data ? <TabContent data={data} header={header} /> : <Empty title="No API response data available" />}
            {engines && <EnginesPanel engines={engines} />}
          </div>
        </EvidenceProvider>
      )}
      {state === 'running' && <RunningPanel header={header} progress={progress} />}
      {state === 'failed' && <FailedPanel header={header} />}
      {state === 'none' && <NoAnalysisPanel header={header} />}
    </>
  )
}

function TabContent({ data, header }: { data: TabData; header: ResultsHeader }) {
  switch (data.tab) {
    case 'overview':
      return <OverviewTab data={data} header={header} />
    case 'share-of-model':
      return <ShareOfModelTab data={data} header={header} />
    case 'brand-rank':
      return <BrandRankTab data={data} header={header} />
    case 'ranking-detail':
      return <QueryRankTab data={data} header={header} />
    case 'mentions':
      return <MentionsTab data={data} header={header} />
    case 'sentiment':
      return <SentimentTab data={data} header={header} />
    case 'sentiment-detail':
      return <SentimentDetailTab data={data} header={header} />
    case 'api-data':
      return <ApiDataTab data={data} header={header} />
    case 'model-admin':
      return <ModelAdminTab data={data} header={header} />
    case 'topics':
    case 'audiences':
      return <GroupTab data={data} header={header} />
    case 'accuracy':
      return <AccuracyTab data={data} header={header} />
  }
}
