import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { limitsOf, requireUser } from '~/lib/auth.server'
import { Header } from '~/components/app-shell'

export const meta: MetaFunction = () => [{ title: 'Profile & Limits · AI Brand Visibility' }]

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  return json({ user, limits: limitsOf(user) })
}

const show = (n: number | null) => (n === null ? 'Unlimited' : String(n))

export default function Profile() {
  const { user, limits } = useLoaderData<typeof loader>()
  return (
    <>
      <Header />
      <main className="main" style={{ maxWidth: 720, margin: '0 auto' }}>
        <h1>Profile &amp; Limits</h1>
        <div className="panel">
          <table className="data">
            <tbody>
              <tr><th>Email</th><td>{user.email}</td></tr>
              <tr><th>Status</th><td>{user.isActive ? 'Active' : 'Paused'}</td></tr>
              <tr><th>Plan</th><td>{user.tier}</td></tr>
              <tr><th>Projects</th><td>{user.projectCount} used of {show(user.isAdmin ? null : user.maxProjects)} ({show(limits.projectsRemaining)} remaining)</td></tr>
              <tr><th>Analyses</th><td>{user.analysisCount} used of {show(user.isAdmin ? null : user.maxAnalyses)} ({show(limits.analysesRemaining)} remaining)</td></tr>
              <tr><th>Analyses run (lifetime)</th><td>{user.totalAnalysesRun}</td></tr>
            </tbody>
          </table>
          {!user.isActive && <p className="error-box">Account is paused - contact admin to reactivate</p>}
        </div>
      </main>
    </>
  )
}
