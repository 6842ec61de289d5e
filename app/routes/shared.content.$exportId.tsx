import { json, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { useState } from 'react'
import { getContentExport } from '~/lib/optimiser.server'
import { RESULT_TABS } from '~/domain/optimiser'
import { CriticalActions, List, Overview, PillarTab } from '~/components/optimiser/OptimiserResultView'
import optimiserStyles from '~/components/optimiser/optimiser.css'

export const meta: MetaFunction = () => [{ title: 'Shared content analysis · AI Brand Visibility' }, { name: 'robots', content: 'noindex' }]
export const links: LinksFunction = () => [{ rel: 'stylesheet', href: optimiserStyles }]

/** /shared/content/{exportId}: a public, read-only optimiser export (works signed out; the id is unguessable). */
export async function loader({ params }: LoaderFunctionArgs) {
  const found = await getContentExport(params.exportId ?? '')
  if (!found) throw json({ error: 'This shared analysis does not exist or has expired.' }, { status: 404 })
  return json({ export: found }, { headers: { 'Cache-Control': 'no-store' } })
}

export default function SharedContent() {
  const { export: ex } = useLoaderData<typeof loader>()
  const result = ex.analysisResult
  const [tab, setTab] = useState('summary')
  return (
    <main className="main optimiser" style={{ maxWidth: 1100, margin: '0 auto' }} data-testid="shared-content">
      <div className="panel">
        <h1>Content analysis</h1>
        <p className="muted">Target prompt: {result.prompt} · shared {new Date(ex.createdAt).toLocaleDateString('en-GB', { day: '2-digit', month: '2-digit', year: '2-digit' })}</p>
      </div>
      <Overview result={result} />
      <nav className="tabbar" aria-label="Tabs">
        {RESULT_TABS.map((t) => (
          <a key={t.key} href={`#${t.key}`} className={tab === t.key ? 'active' : ''} onClick={(e) => (e.preventDefault(), setTab(t.key))}>{t.label}</a>
        ))}
      </nav>
      {tab === 'summary' ? (
        <div className="panel">
          <CriticalActions result={result} />
          <List title="Recommendations" items={result.summarizedRecommendations.map((r) => `${r.priority.toUpperCase()} · ${r.category}: ${r.recommendation}`)} />
          {ex.optimisedContent && (
            <>
              <h3>Optimised content</h3>
              <iframe title="Optimised content" sandbox="" className="opt-preview" srcDoc={`<!doctype html><meta charset="utf-8"><body style="font-family:system-ui;line-height:1.5">${ex.optimisedContent}</body>`} />
            </>
          )}
        </div>
      ) : (
        <PillarTab tab={tab} result={result} />
      )}
    </main>
  )
}
