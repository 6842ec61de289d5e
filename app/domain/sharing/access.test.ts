import { accessAllowing, accessOf, archiveCall, can, refusalStatus, shareSchema, type ProjectAction } from './access'

const owner = { id: 1, isAdmin: false }
const sharee = { id: 2, isAdmin: false }
const stranger = { id: 3, isAdmin: false }
const admin = { id: 4, isAdmin: true }
const privateProject = { ownerId: 1, sharedWithUser: false, isPublic: false }

describe('accessOf', () => {
  it('owner first, then share, then public, then admin; otherwise nothing', () => {
    expect(accessOf(privateProject, owner)).toBe('owner')
    expect(accessOf({ ...privateProject, sharedWithUser: true }, sharee)).toBe('shared')
    expect(accessOf({ ...privateProject, sharedWithUser: true, isPublic: true }, sharee)).toBe('shared')
    expect(accessOf({ ...privateProject, isPublic: true }, stranger)).toBe('public')
    expect(accessOf(privateProject, admin)).toBe('admin')
    expect(accessOf(privateProject, stranger)).toBeNull()
    // An admin's own project is theirs.
    expect(accessOf({ ...privateProject, ownerId: 4 }, admin)).toBe('owner')
  })
})

describe('can', () => {
  const actions: ProjectAction[] = ['read', 'list', 'exports', 'archive', 'write', 'share', 'delete', 'setPublic']
  const allowed = (access: Parameters<typeof can>[0], viewer = owner) => actions.filter((a) => can(access, a, viewer))

  it('owner: everything but setPublic unless admin', () => {
    expect(allowed('owner')).toEqual(['read', 'list', 'exports', 'archive', 'write', 'share', 'delete'])
    expect(allowed('owner', admin)).toEqual(['read', 'list', 'exports', 'archive', 'write', 'share', 'delete', 'setPublic'])
  })
  it('sharee and public viewer: view and archive their own view only; export links only for a sharee', () => {
    expect(allowed('shared', sharee)).toEqual(['read', 'list', 'exports', 'archive'])
    expect(allowed('public', stranger)).toEqual(['read', 'archive'])
    // Being an admin does not widen a share.
    expect(allowed('shared', admin)).toEqual(['read', 'list', 'exports', 'archive'])
  })
  it('admin on others’ projects: view only (no public toggle on projects they do not own)', () => {
    expect(allowed('admin', admin)).toEqual(['read', 'exports'])
  })
  it('no access: nothing', () => {
    expect(allowed(null, stranger)).toEqual([])
  })
})

describe('archiveCall', () => {
  it('owner uses /archive, everyone else /archive-shared', () => {
    expect(archiveCall('owner')).toBe('archive')
    expect(archiveCall('shared')).toBe('archive-shared')
    expect(archiveCall('public')).toBe('archive-shared')
  })
})

describe('shareSchema', () => {
  it('needs an email, says so, and trims it', () => {
    expect(shareSchema.safeParse({ email: '  ' }).error?.issues[0].message).toBe('Please enter an email address.')
    expect(shareSchema.safeParse({}).error?.issues[0].message).toBe('Please enter an email address.')
    expect(shareSchema.safeParse({ email: 'not-an-address' }).error?.issues[0].message).toBe('Please enter a valid email address.')
    expect(shareSchema.parse({ email: ' ana@example.com ' }).email).toBe('ana@example.com')
  })
})

describe('accessAllowing and refusalStatus', () => {
  it('names the relations that allow an action, in the order accessOf tries them', () => {
    expect(accessAllowing('read', owner)).toEqual(['owner', 'shared', 'public', 'admin'])
    // The user's own analysis list: their projects and those shared with them, not every public (or, for an admin, every) project.
    expect(accessAllowing('list', admin)).toEqual(['owner', 'shared'])
    expect(accessAllowing('exports', owner)).toEqual(['owner', 'shared', 'admin'])
    expect(accessAllowing('setPublic', owner)).toEqual([])
    expect(accessAllowing('setPublic', admin)).toEqual(['owner'])
  })
  it('a public project’s export links look absent (404); other refusals are 403', () => {
    expect(refusalStatus('exports')).toBe(404)
    expect(refusalStatus('write')).toBe(403)
  })
})
