import { json, type LoaderFunctionArgs } from '@remix-run/node'
import { requireUser } from '~/lib/auth.server'
import { intParam } from '~/lib/http.server'
import { loadEvidence } from '~/lib/evidence.server'

/**
 * The answers one results figure was computed from, with the brand's mentions and ranked item marked.
 * With `export=` naming an unexpired share link of this analysis: anyone (the link's page shows the figures);
 * otherwise read access to the project.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const url = new URL(request.url)
  const exportId = url.searchParams.get('export')
  // A share link grants what its page shows, whoever is signed in.
  const user = exportId ? { exportId } : await requireUser(request)
  const view = await loadEvidence(user, intParam(params.id, 'analysis'), url)
  return json(view, { headers: { 'Cache-Control': 'no-store' } })
}
