import { addToList, archivePath, editDialogProblem, editInList, rowButton, rowMenuItems } from './project-menu'

const user = { id: 1, isAdmin: false }
const admin = { id: 1, isAdmin: true }
const base = { isPublic: false, isArchived: false, latestAnalysis: { id: 3 } }

describe('rowMenuItems', () => {
  it('owner gets everything but the public toggle; an admin owner gets it too', () => {
    expect(rowMenuItems({ ...base, accessType: 'owner' }, user)).toEqual(['View Analysis', 'View Project', 'Share with User', 'Edit Details', 'Archive', 'Delete'])
    expect(rowMenuItems({ ...base, accessType: 'owner', isPublic: true }, admin)).toEqual(['View Analysis', 'View Project', 'Share with User', 'Make Private', 'Edit Details', 'Archive', 'Delete'])
  })
  it('sharee and public viewer: access and archive only', () => {
    expect(rowMenuItems({ ...base, accessType: 'shared', isArchived: true }, user)).toEqual(['View Analysis', 'Access Project', 'Unarchive'])
    expect(rowMenuItems({ ...base, accessType: 'public', latestAnalysis: null }, user)).toEqual(['Access Project', 'Archive'])
  })
  it('admin on others’ projects: view only', () => {
    expect(rowMenuItems({ ...base, accessType: 'admin' }, admin)).toEqual(['View Analysis', 'Access Project'])
  })
})

describe('rowButton and archivePath', () => {
  it('picks the main button', () => {
    expect(rowButton({ ...base, accessType: 'shared' })).toBe('View Analysis')
    expect(rowButton({ ...base, accessType: 'owner', latestAnalysis: null })).toBe('Open Project')
    expect(rowButton({ ...base, accessType: 'public', latestAnalysis: null })).toBe('Access')
  })
  it('owner archives the project, others their view', () => {
    expect(archivePath(7, 'owner')).toBe('/api/projects/7/archive')
    expect(archivePath(7, 'shared')).toBe('/api/projects/7/archive-shared')
  })
})

describe('edit dialog lists', () => {
  it('adds trimmed unique items up to the cap', () => {
    expect(addToList(['Nike'], '  Asics ', 19)).toEqual({ list: ['Nike', 'Asics'], problem: null })
    expect(addToList(['Nike'], 'nike', 19).problem).toBe('"nike" is already in the list')
    expect(addToList(['Nike'], '   ', 19)).toEqual({ list: ['Nike'], problem: null })
    expect(addToList(['a', 'b'], 'c', 2).problem).toBe('Maximum of 2 reached')
  })
  it('ignores empty edits and refuses duplicates', () => {
    expect(editInList(['a', 'b'], 0, ' ')).toEqual({ list: ['a', 'b'], problem: null })
    expect(editInList(['a', 'b'], 0, 'B').problem).toBe('"B" is already in the list')
    expect(editInList(['a', 'b'], 0, 'A')).toEqual({ list: ['A', 'b'], problem: null })
  })
  it('required fields, each with its message', () => {
    expect(editDialogProblem({ name: ' ', brandDomain: 'x', marketDescription: 'y' })).toBe('Project name is required')
    expect(editDialogProblem({ name: 'n', brandDomain: '', marketDescription: 'y' })).toBe('Brand domain is required')
    expect(editDialogProblem({ name: 'n', brandDomain: 'b', marketDescription: '' })).toBe('Market description is required')
    expect(editDialogProblem({ name: 'n', brandDomain: 'b', marketDescription: 'm' })).toBeNull()
  })
})
