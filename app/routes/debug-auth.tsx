import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { requireAdmin } from '~/lib/auth.server'
import { isDemoMode } from '~/lib/models.server'
import { entraConfigured } from '~/lib/env.server'
import { secureCookies } from '~/lib/session.server'
import { InfoPage } from '~/components/info-page'
import { envKeys } from '~/domain/admin/debug'
import { KeyTestPanel } from '~/components/admin/key-test-panel'

export const meta: MetaFunction = () => [{ title: 'Debug Auth · AI Brand Visibility' }]

/** /debug-auth (admins only): sign-in flags and which secrets are set (name / exists / length, never a value). */
export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request)
  return json(
    {
      flags: {
        authenticated: true,
        authType: admin.authType,
        isAdmin: admin.isAdmin,
        userType: admin.userType,
        entraConfigured: entraConfigured(),
        demoMode: isDemoMode(),
        secureCookies: secureCookies(request),
        nodeEnv: process.env.NODE_ENV ?? 'development',
      },
      env_keys: envKeys(process.env),
    },
    { headers: { 'Cache-Control': 'no-store' } },
  )
}

export default function DebugAuth() {
  const { flags, env_keys } = useLoaderData<typeof loader>()
  return (
    <InfoPage title="Debug Auth">
      <h2>Flags</h2>
      <table className="data" data-testid="debug-flags">
        <tbody>
          {Object.entries(flags).map(([k, v]) => (
            <tr key={k}><td>{k}</td><td>{String(v)}</td></tr>
          ))}
        </tbody>
      </table>
      <h2>Environment keys</h2>
      <table className="data" data-testid="debug-env-keys">
        <thead><tr><th>Name</th><th>Exists</th><th>Length</th></tr></thead>
        <tbody>
          {env_keys.map((k) => (
            <tr key={k.name}><td>{k.name}</td><td>{k.exists ? 'yes' : 'no'}</td><td>{k.length}</td></tr>
          ))}
        </tbody>
      </table>
      <KeyTestPanel />
    </InfoPage>
  )
}
