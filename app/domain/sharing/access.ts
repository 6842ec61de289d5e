/**
 * Who may do what with a project. One table decides it for every loader and action:
 * the owner does everything; a sharee or a signed-in user looking at a public project may
 * view it and archive their own view; an admin may view every project and, on projects
 * they own, set it public or private.
 * Pure: no I/O; used by app/lib/projects.server.ts and its tests.
 */
import { z } from 'zod'
import { requiredOr, text } from '../validation'

export type AccessType = 'owner' | 'shared' | 'public' | 'admin'

/**
 * What a request wants to do with a project. `read` is view; `list` puts its analyses in the user's own
 * list (GET /api/analyses, the header's Analysis button: the projects they work on, not every public or,
 * for an admin, every project); `exports` lists its export links (not for viewers of a public project: a
 * link is the owner's to hand out); `write` is edit, analyse, export and every other change.
 */
export type ProjectAction = 'read' | 'list' | 'exports' | 'archive' | 'write' | 'share' | 'delete' | 'setPublic'

export interface AccessFacts {
  ownerId: number
  /** The user has a row in project_shares for this project. */
  sharedWithUser: boolean
  isPublic: boolean
}

export interface Viewer {
  id: number
  isAdmin: boolean
}

/**
 * The relations, strongest first: a viewer has the first that holds. app/lib/projects.server.ts writes the
 * same order as SQL (projectAccessSql) for queries over many projects, so lists and single reads agree.
 */
export const ACCESS_ORDER: readonly AccessType[] = ['owner', 'shared', 'public', 'admin']

const HOLDS: Record<AccessType, (facts: AccessFacts, viewer: Viewer) => boolean> = {
  owner: (f, v) => f.ownerId === v.id,
  shared: (f) => f.sharedWithUser,
  public: (f) => f.isPublic,
  admin: (_f, v) => v.isAdmin,
}

/** The strongest relation the viewer has to the project, or null: the project must look absent (404). */
export function accessOf(facts: AccessFacts, viewer: Viewer): AccessType | null {
  return ACCESS_ORDER.find((t) => HOLDS[t](facts, viewer)) ?? null
}

const ALLOWED: Record<AccessType, readonly ProjectAction[]> = {
  owner: ['read', 'list', 'exports', 'archive', 'write', 'share', 'delete'],
  shared: ['read', 'list', 'exports', 'archive'],
  public: ['read', 'archive'],
  admin: ['read', 'exports'],
}

/** Whether `access` allows `action`; setPublic needs an admin who owns the project. */
export function can(access: AccessType | null, action: ProjectAction, viewer: Viewer): boolean {
  if (!access) return false
  if (action === 'setPublic') return access === 'owner' && viewer.isAdmin
  return ALLOWED[access].includes(action)
}

/** The relations that allow `action` (for SQL over many projects: `access in (…)`). */
export function accessAllowing(action: ProjectAction, viewer: Viewer): AccessType[] {
  return ACCESS_ORDER.filter((t) => can(t, action, viewer))
}

/**
 * A refusal that must look like absence (404) rather than 403: the export links of a public project are
 * not even shown to exist to its viewers.
 */
export function refusalStatus(action: ProjectAction): 403 | 404 {
  return action === 'exports' ? 404 : 403
}

/** The 403 text for an action the viewer may see but not do. */
export function deniedMessage(action: ProjectAction): string {
  switch (action) {
    case 'setPublic':
      return 'Only an admin can make their own projects public or private'
    case 'share':
      return 'Only the owner of this project can share it'
    case 'delete':
      return 'Only the owner of this project can delete it'
    default:
      return 'Only the owner of this project can change it'
  }
}

/** Which archive call a viewer uses: the owner archives the project, everyone else only their own view. */
export function archiveCall(access: AccessType): 'archive' | 'archive-shared' {
  return access === 'owner' ? 'archive' : 'archive-shared'
}

// ---------------------------------------------------------------- request bodies

/** POST /api/projects/{id}/share ('Please enter an email address.'). */
export const shareSchema = z.object({
  email: text('Email', 254, { required: 'Please enter an email address.' }).pipe(z.string().email('Please enter a valid email address.')),
})

export const publicSchema = z.object({
  isPublic: z.boolean({ error: requiredOr('isPublic is required', 'isPublic must be true or false') }),
})

export const archiveSchema = z.object({
  archived: z.boolean({ error: requiredOr('archived is required', 'archived must be true or false') }),
})

export const SHARING_MESSAGES = {
  noSuchUser: 'No user with that email',
  shareWithSelf: 'You already own this project',
  shareFailed: 'Failed to share project. Please try again.',
  visibilityFailed: 'Failed to update project visibility. Please try again.',
  archiveFailed: 'Failed to update project archive status. Please try again.',
} as const
