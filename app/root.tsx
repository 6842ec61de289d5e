import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { Links, Meta, Outlet, Scripts, ScrollRestoration, isRouteErrorResponse, useLoaderData, useLocation, useNavigation, useRouteError } from '@remix-run/react'
import { useEffect } from 'react'
import stylesHref from './styles/app.css'
import { getUser } from './lib/auth.server'
import { isDemoMode } from './lib/models.server'
import { entraConfigured } from './lib/env.server'
import { ToastProvider } from './components/toast'
import { SignedOutRedirect, ConnectionError } from './components/shell-states'
import { useNonce } from './components/nonce'
import { FaqChat } from './components/faq-chat'
import { SkipLink } from './components/skip-link'
import { CookieConsent, LegalFooter } from './components/consent/cookie-banner'
import type { RootData } from '~/domain/shell'

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: stylesHref }]

export const meta: MetaFunction = () => [
  { title: 'AI Brand Visibility' },
  { name: 'description', content: 'See how ChatGPT, Claude, Gemini, Perplexity, Grok and DeepSeek talk about your brand.' },
]

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getUser(request)
  const data: RootData = {
    user: user && { id: user.id, email: user.email, firstName: user.firstName, lastName: user.lastName, isAdmin: user.isAdmin, isActive: user.isActive, tier: user.tier },
    demoMode: isDemoMode(),
    entraConfigured: entraConfigured(),
  }
  return json(data)
}

export type { RootData }

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce()
  return (
    <html lang="en-GB">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        <ToastProvider>{children}</ToastProvider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  )
}

export default function App() {
  const navigation = useNavigation()
  const { pathname } = useLocation()
  const data = useLoaderData<typeof loader>()
  // The service worker caches the shell's static assets only (app/domain/shell-cache/service-worker.ts).
  useEffect(() => {
    if ('serviceWorker' in navigator) navigator.serviceWorker.register('/service-worker.js').catch(() => {})
  }, [])
  return (
    <>
      <SkipLink />
      {navigation.state === 'loading' && !navigation.formMethod && (
        <div className="page-loading" role="status">
          Loading page...
        </div>
      )}
      {/* In the page flow, above everything, so it never covers what a user is working with. */}
      <CookieConsent signedIn={Boolean(data?.user)} />
      <Outlet />
      {/* The FAQ chat's floating button on every page but the FAQ itself (full page there) and print-style exports. */}
      {pathname !== '/faq' && !pathname.startsWith('/export/') && <FaqChat mode="floating" />}
      {!pathname.startsWith('/export/') && <LegalFooter />}
    </>
  )
}

export function ErrorBoundary() {
  const error = useRouteError()
  if (isRouteErrorResponse(error)) {
    if (error.status === 401) return <SignedOutRedirect />
    if (error.status === 404) {
      return (
        <main className="centered-page">
          <h1>Page not found</h1>
          <p>The page you asked for does not exist.</p>
          <a className="btn" href="/">Go home</a>
        </main>
      )
    }
    const message = typeof error.data === 'object' && error.data?.message ? String(error.data.message) : error.statusText
    return (
      <main className="centered-page">
        <h1>{error.status === 403 ? 'Access Denied' : 'Something went wrong'}</h1>
        <p>{message}</p>
        <a className="btn" href="/">Go home</a>
      </main>
    )
  }
  if (error instanceof TypeError && /fetch/i.test(error.message)) return <ConnectionError />
  return (
    <main className="centered-page">
      <h1>Something went wrong</h1>
      <p>{error instanceof Error ? error.message : 'Unexpected error'}</p>
      <a className="btn" href="/">Go home</a>
    </main>
  )
}
