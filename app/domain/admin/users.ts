/**
 * The admin dashboard's pure rules (the Admin dashboard and its user edit): limit parsing,
 * the Users tab's summary cards, and which changes an admin may not make to an account.
 * No I/O; used by app/lib/admin.server.ts, the /admin page and tests.
 */
import { z } from 'zod'
import { text } from '../validation'

export type UserType = 'legacy' | 'azure_linked' | 'azure_unlinked'
export const TIERS = ['light', 'standard', 'full'] as const
export type Tier = (typeof TIERS)[number]

/** Latest analyses shown on the dashboard, polled every 60 s. */
export const LATEST_ANALYSES_LIMIT = 10
export const LATEST_ANALYSES_POLL_MS = 60_000

export const ADMIN_MESSAGES = {
  deleteConfirm: 'Are you sure you want to delete this user? This action cannot be undone.',
  limitsHint: 'Leave empty for unlimited',
  updateFailed: 'Failed to update user settings.',
  deleteFailed: 'Failed to delete user',
  noStuck: 'No Stuck Analyses – All analyses are running normally',
  cleanupFailed: 'Failed to cleanup stuck analyses',
  staleFailed: 'Failed to fix stale analyses',
  deleteSelf: 'You cannot delete your own account',
  pauseSelf: 'You cannot pause your own account',
  lastAdmin: 'This is the last active admin: make another admin first',
  noSuchUser: 'User not found',
} as const

/**
 * maxProjects and maxAnalyses are parsed as integers, falling back to 1 if invalid; empty means
 * unlimited (null). Negative numbers are invalid too.
 */
export function parseLimit(value: unknown): number | null {
  if (value === null || value === undefined) return null
  if (typeof value === 'string' && value.trim() === '') return null
  const n = typeof value === 'number' ? value : /^\s*-?\d+\s*$/.test(String(value)) ? Number(value) : NaN
  return Number.isSafeInteger(n) && n >= 0 && n <= 1_000_000 ? n : 1
}

/** A limit as sent: text (the shared primitive: trimmed, no control characters, at most 20), a number, or null. */
const limitField = z.union([text('limit', 20), z.number(), z.null()]).optional()

/** PUT /api/admin/users/{id}: every field optional; limits keep the parse (present-but-empty = unlimited). */
export const userEditSchema = z.object({
  isActive: z.boolean({ error: 'isActive must be true or false' }).optional(),
  tier: z.enum(TIERS, { error: 'tier must be light, standard or full' }).optional(),
  maxProjects: limitField,
  maxAnalyses: limitField,
})
export type UserEdit = z.infer<typeof userEditSchema>

/**
 * User Migration, link: the Microsoft Entra object ID (the `oid` claim, a GUID, shown in the Entra
 * admin centre on the user's page) of the identity the local account is linked to. Its next Microsoft sign-in
 * then opens this account.
 */
export const linkSchema = z.object({
  oid: z
    .string({ error: 'Enter the Microsoft Entra object ID' })
    .trim()
    .toLowerCase()
    .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, 'The Microsoft Entra object ID is a GUID like 00000000-0000-0000-0000-000000000000'),
})

export const MIGRATION_MESSAGES = {
  linkLegacyOnly: 'Only a local (legacy) account can be linked',
  oidTaken: 'That Microsoft identity is already linked to another account',
  unlinkLinkedOnly: 'Only an azure_linked account can be unlinked',
  noPassword: 'This account has no password: unlinking would lock it out',
} as const

/** The edit as stored: only the fields sent, limits parsed. */
export function normaliseEdit(edit: UserEdit): { isActive?: boolean; tier?: Tier; maxProjects?: number | null; maxAnalyses?: number | null } {
  const out: ReturnType<typeof normaliseEdit> = {}
  if (edit.isActive !== undefined) out.isActive = edit.isActive
  if (edit.tier !== undefined) out.tier = edit.tier
  if (edit.maxProjects !== undefined) out.maxProjects = parseLimit(edit.maxProjects)
  if (edit.maxAnalyses !== undefined) out.maxAnalyses = parseLimit(edit.maxAnalyses)
  return out
}

interface Account {
  id: number
  isAdmin: boolean
  isActive: boolean
}

/**
 * Why an admin may not make this change, or null. An admin cannot delete or pause themselves, nor
 * delete or pause the last active admin (the product would be left without one).
 */
export function forbiddenChange(actor: { id: number }, target: Account, change: { delete?: boolean; isActive?: boolean }, activeAdmins: number): string | null {
  const removes = change.delete || change.isActive === false
  if (!removes) return null
  if (target.id === actor.id) return change.delete ? ADMIN_MESSAGES.deleteSelf : ADMIN_MESSAGES.pauseSelf
  if (target.isAdmin && target.isActive && activeAdmins <= 1) return ADMIN_MESSAGES.lastAdmin
  return null
}

export interface UserSummaryInput {
  isActive: boolean
  userType: UserType
}

/** The seven cards of the Users tab. Azure Only = accounts created by a Microsoft sign-in (azure_unlinked). */
export function summaryCards(users: UserSummaryInput[], totalProjects: number, currentAnalyses: number) {
  return {
    totalUsers: users.length,
    activeUsers: users.filter((u) => u.isActive).length,
    legacyUsers: users.filter((u) => u.userType === 'legacy').length,
    azureLinked: users.filter((u) => u.userType === 'azure_linked').length,
    azureOnly: users.filter((u) => u.userType === 'azure_unlinked').length,
    totalProjects,
    currentAnalyses,
  }
}

/** The logged-in-today marker: the last sign-in falls on today's UTC date. */
export function loggedInToday(lastLoginAt: string | null, now: Date): boolean {
  return lastLoginAt !== null && lastLoginAt.slice(0, 10) === now.toISOString().slice(0, 10)
}

/** 'used/max' with ∞ for unlimited. */
export function usedOfMax(used: number, max: number | null): string {
  return `${used}/${max === null ? '∞' : max}`
}
