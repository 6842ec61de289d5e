import { json, type LoaderFunctionArgs } from '@remix-run/node'
import { Link } from '@remix-run/react'
import { requireUser } from '~/lib/auth.server'
import { InfoPage } from '~/components/info-page'

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request)
  return json({})
}

export default function AnalysisSettings() {
  return (
    <InfoPage title="Analysis Settings">
      <p>
        Run, refresh or delete individual models of an analysis from the <strong>Model Admin</strong> tab of a project's results (
        <Link to="/?phase=2&tab=model-admin">open</Link>).
      </p>
    </InfoPage>
  )
}
