import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { Links, Meta, Outlet, Scripts, ScrollRestoration, isRouteErrorResponse, useLoaderData, useNavigation, useRouteError } from '@remix-run/react'
import stylesHref from './styles/app.css'
import { getUser } from './lib/auth.server'
import { isDemoMode } from './lib/models.server'
import { entraConfigured } from './lib/env.server'
import { ToastProvider } from './components/toast'
import { SignedOutRedirect, ConnectionError } from './components/shell-states'

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: stylesHref }]

export const meta: MetaFunction = () => [
  { title: 'AI Brand Visibility' },
  { name: 'description', content: 'See how ChatGPT, Claude, Gemini, Perplexity, Grok and DeepSeek talk about your brand.' },
]

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getUser(request)
  return json({
    user: user && { id: user.id, email: user.email, firstName: user.firstName, lastName: user.lastName, isAdmin: user.isAdmin, isActive: user.isActive, tier: user.tier },
    demoMode: isDemoMode(),
    entraConfigured: entraConfigured(),
  })
}

export type RootData = ReturnType<typeof useLoaderData<typeof loader>>

export function Layout({ children }: { children: React.ReactNode }) {
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
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  )
}

export default function App() {
  const navigation = useNavigation()
  return (
    <>
      {navigation.state === 'loading' && !navigation.formMethod && (
        <div className="page-loading" role="status">
          Loading page...
        </div>
      )}
      <Outlet />
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
