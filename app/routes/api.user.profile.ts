import type { LoaderFunctionArgs } from '@remix-run/node'
import { json } from '@remix-run/node'
import { limitsOf, requireUser } from '~/lib/auth.server'
import { modelSpendOf } from '~/lib/model-budget.server'

/** GET /api/user/profile: the user's profile with the limits computed by limitsOf. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const limits = limitsOf(user)
  const spend = await modelSpendOf(user)
  return json(
    {
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      isAdmin: user.isAdmin,
      isActive: user.isActive,
      userType: user.userType,
      tier: user.tier,
      projectCount: user.projectCount,
      maxProjects: user.maxProjects,
      analysisCount: user.analysisCount,
      totalAnalysesRun: user.totalAnalysesRun,
      maxAnalyses: user.maxAnalyses,
      canRunAnalysis: limits.canRunAnalysis,
      analysesRemaining: limits.analysesRemaining,
      canCreateProject: limits.canCreateProject,
      projectsRemaining: limits.projectsRemaining,
      lastLoginAt: user.lastLoginAt,
      dailyCostUsd: spend.spentTodayUsd,
      // What today's simulated (demo) calls would cost with real keys: an estimate, not spent, not capped.
      simulatedDailyCostUsd: spend.simulatedTodayUsd,
      dailyCostCapUsd: spend.dailyCapUsd,
    },
    { headers: { 'Cache-Control': 'no-store' } },
  )
}
