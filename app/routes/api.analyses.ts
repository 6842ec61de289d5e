import { json, type LoaderFunctionArgs } from '@remix-run/node'
import { requireUser } from '~/lib/auth.server'
import { listAnalyses } from '~/lib/analyses.server'
import { activeSourceSearches } from '~/lib/sources-search.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const url = new URL(request.url)
  const activeOnly = url.searchParams.get('activeOnly') === 'true'
  const analyses = await listAnalyses(user, { activeOnly })
  // Active work includes running source searches (kind 'source-search', phase text with 'Search' or 'Enhanced').
  const searches = activeOnly ? await activeSourceSearches(user) : []
  return json([...analyses, ...searches], { headers: { 'Cache-Control': 'no-store' } })
}
