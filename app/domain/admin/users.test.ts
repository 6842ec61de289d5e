import { forbiddenChange, loggedInToday, normaliseEdit, parseLimit, summaryCards, usedOfMax, userEditSchema } from './users'

describe('parseLimit (user edit)', () => {
  it('empty means unlimited', () => {
    expect(parseLimit('')).toBeNull()
    expect(parseLimit('   ')).toBeNull()
    expect(parseLimit(null)).toBeNull()
  })
  it('integers are kept', () => {
    expect(parseLimit('5')).toBe(5)
    expect(parseLimit(' 12 ')).toBe(12)
    expect(parseLimit(0)).toBe(0)
    expect(parseLimit(40)).toBe(40)
  })
  it('anything invalid falls back to 1', () => {
    expect(parseLimit('abc')).toBe(1)
    expect(parseLimit('2.5')).toBe(1)
    expect(parseLimit(2.5)).toBe(1)
    expect(parseLimit('-3')).toBe(1)
    expect(parseLimit('1e3')).toBe(1)
    expect(parseLimit('99999999999')).toBe(1)
  })
})

describe('userEditSchema + normaliseEdit', () => {
  it('keeps only what was sent', () => {
    expect(normaliseEdit(userEditSchema.parse({ isActive: false }))).toEqual({ isActive: false })
    expect(normaliseEdit(userEditSchema.parse({ tier: 'light', maxProjects: '', maxAnalyses: 'x' }))).toEqual({ tier: 'light', maxProjects: null, maxAnalyses: 1 })
  })
  it('refuses a bad tier or status', () => {
    expect(userEditSchema.safeParse({ tier: 'gold' }).error?.issues[0].message).toBe('tier must be light, standard or full')
    expect(userEditSchema.safeParse({ isActive: 'no' }).success).toBe(false)
  })
})

describe('forbiddenChange', () => {
  const me = { id: 1, isAdmin: true, isActive: true }
  const other = { id: 2, isAdmin: false, isActive: true }
  const otherAdmin = { id: 3, isAdmin: true, isActive: true }
  it('an admin cannot delete or pause themselves', () => {
    expect(forbiddenChange(me, me, { delete: true }, 2)).toBe('You cannot delete your own account')
    expect(forbiddenChange(me, me, { isActive: false }, 2)).toBe('You cannot pause your own account')
    expect(forbiddenChange(me, me, { isActive: true }, 1)).toBeNull()
  })
  it('nor the last active admin', () => {
    expect(forbiddenChange(me, otherAdmin, { delete: true }, 1)).toBe('This is the last active admin: make another admin first')
    expect(forbiddenChange(me, otherAdmin, { delete: true }, 2)).toBeNull()
    expect(forbiddenChange(me, other, { delete: true }, 1)).toBeNull()
    // A paused admin is not the one keeping the product administered.
    expect(forbiddenChange(me, { ...otherAdmin, isActive: false }, { delete: true }, 1)).toBeNull()
  })
})

describe('summaryCards', () => {
  it('counts the seven cards', () => {
    const users = [
      { isActive: true, userType: 'legacy' as const },
      { isActive: false, userType: 'legacy' as const },
      { isActive: true, userType: 'azure_linked' as const },
      { isActive: true, userType: 'azure_unlinked' as const },
    ]
    expect(summaryCards(users, 7, 2)).toEqual({ totalUsers: 4, activeUsers: 3, legacyUsers: 2, azureLinked: 1, azureOnly: 1, totalProjects: 7, currentAnalyses: 2 })
  })
})

describe('small formatters', () => {
  it('logged in today by UTC date', () => {
    const now = new Date('2024-02-29T23:59:58Z')
    expect(loggedInToday('2024-02-29T00:00:01.000Z', now)).toBe(true)
    expect(loggedInToday('2024-02-28T23:59:59.000Z', now)).toBe(false)
    expect(loggedInToday(null, now)).toBe(false)
  })
  it('used/max', () => {
    expect(usedOfMax(1, 3)).toBe('1/3')
    expect(usedOfMax(4, null)).toBe('4/∞')
  })
})
