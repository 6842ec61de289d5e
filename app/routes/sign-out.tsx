import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { Form, Link, useLoaderData } from '@remix-run/react'
import authStylesHref from '~/styles/auth.css'
import { AuthCard } from '~/components/auth-form'
import { getUser } from '~/lib/auth.server'

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: authStylesHref }]

export const meta: MetaFunction = () => [{ title: 'Sign out · AI Brand Visibility' }]

/**
 * GET /sign-out (where GET /logout and GET /api/auth/logout lead) changes nothing: a link from
 * another site must not sign anyone out. It shows a button that posts the sign-out to /logout.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getUser(request)
  return json({ signedIn: Boolean(user), email: user?.email ?? null })
}

export default function LogoutPage() {
  const { signedIn, email } = useLoaderData<typeof loader>()
  if (!signedIn) {
    return (
      <AuthCard title="Signed out" subtitle="You are not signed in.">
        <p className="auth-switch">
          <Link to="/">Go home</Link> or <Link to="/login">sign in</Link>.
        </p>
      </AuthCard>
    )
  }
  return (
    <AuthCard title="Sign out" subtitle={email ? `Signed in as ${email}.` : undefined}>
      {/* A full page post, so the answer's redirect (Microsoft's end-session page for Entra sessions) is followed. */}
      <Form method="post" action="/logout" reloadDocument className="auth-form" aria-label="Sign out">
        <button type="submit" className="btn btn-primary auth-submit">
          Sign out
        </button>
      </Form>
      <p className="auth-switch">
        <Link to="/">Stay signed in</Link>
      </p>
    </AuthCard>
  )
}
