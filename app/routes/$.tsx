import { json, type LoaderFunctionArgs } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { getUser } from '~/lib/auth.server'
import { entraConfigured } from '~/lib/env.server'
import { Landing } from '~/components/landing'

/** Unknown paths: signed-out visitors see the landing page; signed-in users a not-found page. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getUser(request)
  if (new URL(request.url).pathname.startsWith('/api/')) throw json({ error: 'Not found' }, { status: 404 })
  return json({ signedIn: Boolean(user), entraConfigured: entraConfigured() }, { status: user ? 404 : 200 })
}

export default function NotFound() {
  const data = useLoaderData<typeof loader>()
  if (!data.signedIn) return <Landing entraConfigured={data.entraConfigured} />
  return (
    <main className="centered-page">
      <h1>Page not found</h1>
      <p>The page you asked for does not exist.</p>
      <Link className="btn" to="/">Go home</Link>
    </main>
  )
}
