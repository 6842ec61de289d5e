import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { limitsOf, requireUser } from '~/lib/auth.server'
import { Header } from '~/components/app-shell'
import { modelSpendOf } from '~/lib/model-budget.server'
import { env } from '~/lib/env.server'
import { apiKeysAction, listAllApiKeys, listApiKeys } from '~/lib/api.server'
import { ApiKeys } from '~/components/api/api-keys'
import { optimiserRunsOf } from '~/lib/optimiser.server'
import { failedKeyAttempts } from '~/lib/throttle.server'
import { ENGINE_TIERS, mayUseEngines } from '~/domain/engines/tiers'

export const meta: MetaFunction = () => [{ title: 'Profile & Limits · AI Brand Visibility' }]

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const e = env()
  return json({
    user,
    limits: limitsOf(user),
    spend: await modelSpendOf(user),
    optimiserRuns: await optimiserRunsOf(user.id),
    rate: { perUser: e.MODEL_CALLS_PER_USER_PER_MINUTE },
    apiKeys: await listApiKeys(user),
    allApiKeys: user.isAdmin ? await listAllApiKeys(user) : null,
    failedKeyAttempts: user.isAdmin ? await failedKeyAttempts() : null,
  })
}

/** Creating and revoking API keys (the only actions of this page). */
export async function action({ request }: ActionFunctionArgs) {
  return apiKeysAction(await requireUser(request), request)
}

const show = (n: number | null) => (n === null ? 'Unlimited' : String(n))
const usd = (n: number) => `$${n.toFixed(2)}`

export default function Profile() {
  const { user, limits, spend, rate, optimiserRuns, apiKeys, allApiKeys, failedKeyAttempts: failed } = useLoaderData<typeof loader>()
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
              <tr><th>Analyses</th><td data-testid="analyses-used">{user.analysisCount} used of {show(user.isAdmin ? null : user.maxAnalyses)} ({show(limits.analysesRemaining)} remaining)</td></tr>
              {/* Content optimiser runs count against the same quota (README, "Content optimiser"). */}
              <tr><th>of which content optimiser runs</th><td data-testid="optimiser-runs">{optimiserRuns}</td></tr>
              <tr><th>Analyses run (lifetime)</th><td>{user.totalAnalysesRun}</td></tr>
              <tr>
                <th>AI spending today</th>
                <td data-testid="daily-spend">
                  {usd(spend.spentTodayUsd)} of {spend.dailyCapUsd === null ? 'Unlimited' : `${usd(spend.dailyCapUsd)} daily limit`} (resets at midnight UTC)
                </td>
              </tr>
              {spend.simulatedTodayUsd > 0 && (
                <tr>
                  <th>Simulated calls today (demo)</th>
                  <td data-testid="simulated-spend">
                    {usd(spend.simulatedTodayUsd)} with real API keys (an estimate from list prices). Simulated calls cost nothing and do not count toward
                    the daily limit.
                  </td>
                </tr>
              )}
              <tr><th>AI requests</th><td>At most {rate.perUser} a minute</td></tr>
              <tr>
                <th>Google AI Overview, AI Mode, Bing Copilot, ChatGPT app</th>
                <td data-testid="engines-tier">
                  {mayUseEngines(user)
                    ? 'Included: turn them on per project in Analysis Settings. Each is one paid search per query and sample, read from DataForSEO or SerpApi.'
                    : `Not in the ${user.tier} plan: they are part of the ${ENGINE_TIERS.join(', ')} tier (one paid search per query and sample each). Light and Standard ask the six AI models.`}
                </td>
              </tr>
            </tbody>
          </table>
          {!user.isActive && <p className="error-box">Account is paused - contact admin to reactivate</p>}
        </div>
        {!user.isAdmin && (
          <div className="panel" data-testid="more-limits">
            <h2>How to get more</h2>
            <ul>
              <li>
                New accounts get {show(user.maxProjects)} project{user.maxProjects === 1 ? '' : 's'} and {show(user.maxAnalyses)} analys{user.maxAnalyses === 1 ? 'is' : 'es'}.
                An administrator of this install can raise your limits (Admin, Users tab, Edit), or make them unlimited.
              </li>
              <li>A project can be analysed again once a day (Add Analysis); that counts against your analyses.</li>
              <li>
                Running the product yourself? The first account created on an install is its administrator, with no limits; the{' '}
                <code>ADMIN_EMAILS</code> setting makes more accounts admins, and <code>DEFAULT_MAX_PROJECTS</code> / <code>DEFAULT_MAX_ANALYSES</code> set the
                limits of new accounts (see the README).
              </li>
            </ul>
          </div>
        )}
        <ApiKeys keys={apiKeys} allKeys={allApiKeys} failedAttempts={failed} />
      </main>
    </>
  )
}
