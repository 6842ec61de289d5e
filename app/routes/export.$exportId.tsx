/**
 * Public, read-only results of one analysis: /export/{exportId}. Works signed out; shows
 * nothing beyond that analysis (no run selector, no model management, no other projects).
 * Unknown ids answer 404, links older than 30 days 410 with an explanation.
 */
import { json, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { isRouteErrorResponse, useLoaderData, useParams, useRouteError, useRouteLoaderData } from '@remix-run/react'
import type { RootData } from '~/domain/shell'
import { ResultsPhase, resultsStylesHref } from '~/components/results/ResultsPhase'
import { formatDate } from '~/components/results/format'
import { loadExportView } from '~/lib/results.server'
import { exportSummary } from '~/lib/exports.server'
import { ReportMenu } from '~/components/report/ReportMenu'

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: resultsStylesHref }]

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data && 'projectName' in data ? `${data.projectName} · Shared results · AI Brand Visibility` : 'Shared results · AI Brand Visibility' },
  { name: 'robots', content: 'noindex, nofollow' },
]

const HEADERS = { 'Cache-Control': 'private, no-store', 'X-Robots-Tag': 'noindex, nofollow', 'Referrer-Policy': 'no-referrer' }

export async function loader({ request, params }: LoaderFunctionArgs) {
  const result = await loadExportView(params.exportId ?? '', new URL(request.url))
  if (result.status === 'expired') {
    throw json({ error: 'This export link has expired', message: 'This export link has expired', expiredAt: result.expiredAt }, { status: 410, headers: HEADERS })
  }
  const aiSummary = await exportSummary(params.exportId ?? '')
  return json({ view: result.view, projectName: result.projectName, aiSummary }, { headers: HEADERS })
}

export const headers = () => HEADERS

function Frame({ children }: { children: React.ReactNode }) {
  const root = useRouteLoaderData<RootData>('root')
  return (
    <>
      <header className="app-header">
        <a href="/" className="logo">
          AI Brand Visibility
        </a>
        <span className="muted" style={{ fontSize: '.9rem' }}>
          Shared analysis results
        </span>
      </header>
      {root?.demoMode && (
        <div className="demo-banner" role="note" data-testid="demo-banner">
          <strong>Simulated data:</strong> this install runs in demo mode, so these results come from the built-in model simulator, not from the real AI
          models.
        </div>
      )}
      <main className="main" style={{ maxWidth: 1320, margin: '0 auto' }}>
        {children}
      </main>
    </>
  )
}

export default function ExportPage() {
  const { view, aiSummary } = useLoaderData<typeof loader>()
  const { exportId } = useParams()
  return (
    <Frame>
      {view.kind === 'results' && (
        <div style={{ display: 'flex', justifyContent: 'flex-end' }}>
          <ReportMenu header={view.header} exportId={exportId} />
        </div>
      )}
      {aiSummary && (
        <section className="panel" data-testid="ai-insights" aria-label="AI Insights">
          <h2 style={{ marginTop: 0 }}>AI Insights</h2>
          {/* Model output: shown as text, never as HTML. */}
          <p style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{aiSummary}</p>
          <p className="muted" style={{ fontSize: '.8rem', marginBottom: 0 }}>Written by an AI model from the figures below when this link was created.</p>
        </section>
      )}
      <ResultsPhase data={view} />
    </Frame>
  )
}

export function ErrorBoundary() {
  const error = useRouteError()
  if (isRouteErrorResponse(error) && error.status === 410) {
    const expiredAt = typeof error.data === 'object' && error.data?.expiredAt ? String(error.data.expiredAt) : null
    return (
      <Frame>
        <div className="centered-page" data-export-expired>
          <h1>This export link has expired</h1>
          <p>Share links stay active for 30 days{expiredAt ? ` and this one ended on ${formatDate(expiredAt)}` : ''}. Ask the person who shared it for a new link.</p>
          <a className="btn" href="/">
            Go home
          </a>
        </div>
      </Frame>
    )
  }
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <Frame>
        <div className="centered-page" data-export-missing>
          <h1>Export not found</h1>
          <p>There is no shared export at this address. Check the link you were given.</p>
          <a className="btn" href="/">
            Go home
          </a>
        </div>
      </Frame>
    )
  }
  throw error
}
