// TEMPORARY (results engineer): verification route until the home page renders ResultsPhase. Will be deleted.
import { json, type LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { requireUser } from '~/lib/auth.server'
import { loadResultsView } from '~/lib/results.server'
import { ResultsPhase, type ResultsViewData } from '~/components/results/ResultsPhase'

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  return json(await loadResultsView(user, new URL(request.url)))
}
export default function DevResults() {
  const data = useLoaderData<typeof loader>() as ResultsViewData
  return <main className="main"><ResultsPhase data={data} /></main>
}
