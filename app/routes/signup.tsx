import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json, redirect } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import authStylesHref from '~/styles/auth.css'
import { AuthCard, AuthField, FormError, MicrosoftButton } from '~/components/auth-form'
import { PASSWORD_MIN_LENGTH, safeRedirect, type AuthFailure } from '~/lib/auth-messages'
import { signUp } from '~/lib/auth-actions.server'
import { clientAddressOf } from '~/lib/load-context'
import { getUser } from '~/lib/auth.server'
import { setupCodeOpen } from '~/lib/accounts.server'
import { entraConfigured } from '~/lib/env.server'

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: authStylesHref }]

export const meta: MetaFunction = () => [{ title: 'Create account · AI Brand Visibility' }]

export async function loader({ request }: LoaderFunctionArgs) {
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get('redirectTo'))
  if (await getUser(request)) throw redirect(redirectTo)
  return json({ redirectTo, entraConfigured: entraConfigured(), setupCode: await setupCodeOpen() })
}

export async function action({ request, context }: ActionFunctionArgs) {
  const result = await signUp(request, clientAddressOf(context))
  if (result.ok) return redirect(result.redirectTo, { headers: { 'Set-Cookie': result.setCookie } })
  return json<AuthFailure>(result.failure, { status: result.status, headers: result.headers })
}

export default function SignupPage() {
  const { redirectTo, entraConfigured, setupCode } = useLoaderData<typeof loader>()
  const failure = useActionData<typeof action>()
  const navigation = useNavigation()
  const submitting = navigation.state !== 'idle' && navigation.formMethod === 'POST' && navigation.formAction?.startsWith('/signup') === true
  const query = redirectTo !== '/' ? `?redirectTo=${encodeURIComponent(redirectTo)}` : ''
  const errors = failure?.fieldErrors

  return (
    <AuthCard title="Create your account" subtitle="Start tracking how AI assistants talk about your brand.">
      {entraConfigured && (
        <>
          <MicrosoftButton href={`/login/azure${query}`} />
          <div className="auth-divider" role="separator">
            <span>or create an account with email</span>
          </div>
        </>
      )}
      {setupCode && (
        <p className="auth-note" data-testid="setup-code-note">
          Setting up this install? Enter the one-time <b>setup code</b> that <code>npm start</code> printed: this account then becomes the administrator,
          with unlimited projects and analyses and the admin pages. Everyone else leaves the field empty.
        </p>
      )}
      <FormError message={failure?.formError} />
      <Form method="post" action={`/signup${query}`} className="auth-form" aria-label="Create account">
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <div className="auth-row">
          <AuthField name="firstName" label={<>First name <span className="auth-optional">(optional)</span></>} autoComplete="given-name" maxLength={100} error={errors?.firstName} />
          <AuthField name="lastName" label={<>Last name <span className="auth-optional">(optional)</span></>} autoComplete="family-name" maxLength={100} error={errors?.lastName} />
        </div>
        <AuthField name="email" label="Email" type="email" autoComplete="email" required error={errors?.email} />
        <AuthField
          name="password"
          label="Password"
          type="password"
          autoComplete="new-password"
          required
          minLength={PASSWORD_MIN_LENGTH}
          hint={`At least ${PASSWORD_MIN_LENGTH} characters; a few unrelated words make a good one.`}
          error={errors?.password}
        />
        {setupCode && (
          <AuthField name="setupCode" label={<>Setup code <span className="auth-optional">(administrator only)</span></>} autoComplete="off" maxLength={200} error={errors?.setupCode} />
        )}
        <button type="submit" className="btn btn-primary auth-submit" disabled={submitting}>
          {submitting ? 'Creating account...' : 'Create account'}
        </button>
      </Form>
      <p className="auth-switch">
        Already have an account? <Link to={`/login${query}`}>Sign in</Link>
      </p>
    </AuthCard>
  )
}
