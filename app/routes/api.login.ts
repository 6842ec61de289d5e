import type { LoaderFunctionArgs } from '@remix-run/node'
import { redirect } from '@remix-run/node'
import { safeRedirect } from '~/lib/auth-messages'
import { entraConfigured } from '~/lib/env.server'

/** GET /api/login: where the signed-out redirect lands; Microsoft when configured, else the local sign-in page. */
export async function loader({ request }: LoaderFunctionArgs) {
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get('redirectTo'))
  const query = redirectTo !== '/' ? `?redirectTo=${encodeURIComponent(redirectTo)}` : ''
  return redirect(`${entraConfigured() ? '/login/azure' : '/login'}${query}`)
}
