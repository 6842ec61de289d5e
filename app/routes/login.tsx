import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json, redirect } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import authStylesHref from '~/styles/auth.css'
import { AuthCard, AuthField, FormError, MicrosoftButton } from '~/components/auth-form'
import { loginErrorMessage, safeRedirect, type AuthFailure } from '~/lib/auth-messages'
import { signIn } from '~/lib/auth-actions.server'
import { getUser } from '~/lib/auth.server'
import { entraConfigured } from '~/lib/env.server'
import { clientAddressOf } from '~/lib/load-context'
import { cookieWouldBeDropped } from '~/lib/session.server'

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: authStylesHref }]

export const meta: MetaFunction = () => [{ title: 'Sign in · AI Brand Visibility' }]

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url)
  const redirectTo = safeRedirect(url.searchParams.get('redirectTo'))
  if (await getUser(request)) throw redirect(redirectTo)
  return json({
    redirectTo,
    entraConfigured: entraConfigured(),
    error: loginErrorMessage(url.searchParams.get('error')),
    // The address this page was opened at, when a sign-in here would set a cookie the browser drops.
    insecureOrigin: cookieWouldBeDropped(request) ? url.origin : null,
  })
}

export async function action({ request, context }: ActionFunctionArgs) {
  const result = await signIn(request, clientAddressOf(context))
  if (result.ok) return redirect(result.redirectTo, { headers: { 'Set-Cookie': result.setCookie } })
  return json<AuthFailure>(result.failure, { status: result.status, headers: result.headers })
}

export default function LoginPage() {
  const { redirectTo, entraConfigured, error, insecureOrigin } = useLoaderData<typeof loader>()
  const failure = useActionData<typeof action>()
  const navigation = useNavigation()
  const submitting = navigation.state !== 'idle' && navigation.formMethod === 'POST' && navigation.formAction?.startsWith('/login') === true
  const query = redirectTo !== '/' ? `?redirectTo=${encodeURIComponent(redirectTo)}` : ''

  return (
    <AuthCard title="Sign in" subtitle="See how AI assistants talk about your brand.">
      {entraConfigured && (
        <>
          <MicrosoftButton href={`/login/azure${query}`} />
          <div className="auth-divider" role="separator">
            <span>or sign in with email</span>
          </div>
        </>
      )}
      {insecureOrigin && (
        <p className="auth-note" role="alert" data-testid="insecure-cookie-note">
          This page was opened over plain http at {insecureOrigin}, but the session cookie is marked Secure (APP_URL is https, or SECURE_COOKIES=true),
          so your browser will drop it and you will not stay signed in. Open the app at its https address (APP_URL), or on the server set APP_URL to
          the http address you use.
        </p>
      )}
      <FormError message={failure?.formError ?? error} />
      <Form method="post" action={`/login${query}`} className="auth-form" aria-label="Sign in">
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <AuthField name="email" label="Email" type="email" autoComplete="email" required autoFocus error={failure?.fieldErrors?.email} />
        <AuthField name="password" label="Password" type="password" autoComplete="current-password" required error={failure?.fieldErrors?.password} />
        <button type="submit" className="btn btn-primary auth-submit" disabled={submitting}>
          {submitting ? 'Signing in...' : 'Sign in'}
        </button>
      </Form>
      <p className="auth-switch">
        No account yet? <Link to={`/signup${query}`}>Create one</Link>
      </p>
    </AuthCard>
  )
}
