/**
 * Why a setup action is disabled, said in place with the red-box texts, and where
 * to get more (Profile & Limits).
 */
import { Link } from '@remix-run/react'

export interface LimitsForBox {
  isActive: boolean
  canCreateProject: boolean
  projectsRemaining: number | null
}

/** Shown under 'Generate Analysis Framework' (and similar) when the account cannot create the project. */
export function LimitsBox({ limits, duplicate }: { limits: LimitsForBox; duplicate: boolean }) {
  const paused = !limits.isActive
  const atProjectLimit = limits.isActive && !duplicate && !limits.canCreateProject
  if (!paused && !atProjectLimit) return null
  return (
    <div className="error-box" data-testid="generate-blocked" role="note" style={{ marginTop: '.5rem' }}>
      {paused ? <strong>Account Paused</strong> : <div>Project limit reached ({limits.projectsRemaining ?? 0} remaining)</div>}
      <div>{paused ? 'Contact your administrator to reactivate your account.' : 'Upgrade your plan or contact support for increased limits.'}</div>
      {!paused && (
        <div>
          Already have a project? Open it from <Link to="/projects">My Projects</Link> to edit it and run it again. <Link to="/profile">How to get more</Link>
        </div>
      )}
    </div>
  )
}
