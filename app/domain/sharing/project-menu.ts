/**
 * The Projects page row (Projects page): which buttons and menu items a viewer gets, and the
 * Edit Project dialog's list rules. Pure; the menu follows the same access table as the server.
 */
import { archiveCall, can, type AccessType, type Viewer } from './access'
import { MAX_COMPETITORS } from '../limits'

/** Edit dialog caps. */
export const EDIT_DIALOG_MAX_COMPETITORS = MAX_COMPETITORS
export const EDIT_DIALOG_MAX_QUERIES = 15

export type MenuItem = 'View Analysis' | 'Access Project' | 'View Project' | 'Share with User' | 'Make Public' | 'Make Private' | 'Edit Details' | 'Archive' | 'Unarchive' | 'Delete'

interface RowProject {
  accessType: AccessType
  isPublic: boolean
  isArchived: boolean
  latestAnalysis: unknown
}

/** The row's menu items this viewer gets, in menu order. */
export function rowMenuItems(p: RowProject, viewer: Viewer): MenuItem[] {
  const items: MenuItem[] = []
  if (p.latestAnalysis) items.push('View Analysis')
  items.push(p.accessType === 'owner' ? 'View Project' : 'Access Project')
  if (can(p.accessType, 'share', viewer)) items.push('Share with User')
  if (can(p.accessType, 'setPublic', viewer)) items.push(p.isPublic ? 'Make Private' : 'Make Public')
  if (can(p.accessType, 'write', viewer)) items.push('Edit Details')
  if (can(p.accessType, 'archive', viewer)) items.push(p.isArchived ? 'Unarchive' : 'Archive')
  if (can(p.accessType, 'delete', viewer)) items.push('Delete')
  return items
}

/** The main row button: View Analysis, Open Project (own project without analyses) or Access (someone else's). */
export function rowButton(p: RowProject): 'View Analysis' | 'Open Project' | 'Access' {
  if (p.latestAnalysis) return 'View Analysis'
  return p.accessType === 'owner' ? 'Open Project' : 'Access'
}

/** The archive endpoint of this viewer (shared projects use a separate call). */
export const archivePath = (id: number, access: AccessType) => `/api/projects/${id}/${archiveCall(access)}`

/** List add: trimmed, non-empty, unique (case-insensitive), at most `cap`; returns the list unchanged when refused. */
export function addToList(list: string[], value: string, cap: number): { list: string[]; problem: string | null } {
  const item = value.replace(/\s+/g, ' ').trim()
  if (!item) return { list, problem: null }
  if (list.some((x) => x.toLowerCase() === item.toLowerCase())) return { list, problem: `"${item}" is already in the list` }
  if (list.length >= cap) return { list, problem: `Maximum of ${cap} reached` }
  return { list: [...list, item], problem: null }
}

/** An empty edit is ignored (the old value stays); a duplicate is refused. */
export function editInList(list: string[], index: number, value: string): { list: string[]; problem: string | null } {
  const item = value.replace(/\s+/g, ' ').trim()
  if (!item) return { list, problem: null }
  if (list.some((x, i) => i !== index && x.toLowerCase() === item.toLowerCase())) return { list, problem: `"${item}" is already in the list` }
  return { list: list.map((x, i) => (i === index ? item : x)), problem: null }
}

/** Edit dialog required fields, first problem first. */
export function editDialogProblem(fields: { name: string; brandDomain: string; marketDescription: string }): string | null {
  if (!fields.name.trim()) return 'Project name is required'
  if (!fields.brandDomain.trim()) return 'Brand domain is required'
  if (!fields.marketDescription.trim()) return 'Market description is required'
  return null
}
