import { json, type LoaderFunctionArgs } from '@remix-run/node'
import { useFetcher } from '@remix-run/react'
import { requireAdmin } from '~/lib/auth.server'
import { InfoPage } from '~/components/info-page'

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request)
  return json({})
}

export default function Admin() {
  const stuck = useFetcher<{ cleaned: number }>()
  const stale = useFetcher<{ updatedAnalyses: number }>()
  return (
    <InfoPage title="Admin Dashboard">
      <p className="muted">User management, feedback and the source explorers are not available in this version yet.</p>
      <h2>Maintenance</h2>
      <button className="btn" onClick={() => stuck.submit({}, { method: 'POST', action: '/api/cleanup-stuck-analyses', encType: 'application/json' })}>
        {stuck.state !== 'idle' ? 'Clearing...' : 'Clear Stuck (10m+)'}
      </button>{' '}
      <button className="btn" onClick={() => stale.submit({}, { method: 'POST', action: '/api/admin/complete-stale-analyses', encType: 'application/json' })}>
        {stale.state !== 'idle' ? 'Fixing...' : 'Fix Stale (24h+)'}
      </button>
      {stuck.data && <p>{stuck.data.cleaned === 0 ? 'No Stuck Analyses – All analyses are running normally' : `${stuck.data.cleaned} stuck analyses cleared`}</p>}
      {stale.data && <p>{stale.data.updatedAnalyses} stale analyses completed</p>}
    </InfoPage>
  )
}
