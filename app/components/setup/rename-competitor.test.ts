/**
 * Renaming a competitor in the setup review: the rules Proceed's save enforces,
 * checked in place so a rename can no longer end in a 400 'Project Creation Failed'.
 */
import { describe, expect, it } from 'vitest'
import { renameCompetitor, type Brand } from './ReviewArea'

const b = (name: string, alternativeNames: string[] = [], domains: string[] = []): Brand => ({ name, alternativeNames, domains })
const notion = b('Notion', ['Team Wiki'], ['notion.so'])
const list = [b('Confluence', ['Atlassian Wiki'], ['atlassian.com']), b('Slite', [], ['slite.com']), b('Microsoft OneNote', ['MS Notebook'], ['onenote.com'])]

describe('renameCompetitor', () => {
  it('refuses the name of another competitor, in any case', () => {
    expect(renameCompetitor(notion, list, 0, 'Slite')).toEqual({ error: 'Slite is already in the list' })
    expect(renameCompetitor(notion, list, 0, '  slite ')).toEqual({ error: 'slite is already in the list' })
  })

  it('refuses the own brand name', () => {
    expect(renameCompetitor(notion, list, 1, 'notion')).toEqual({ error: '"notion" is your own brand and cannot also be a competitor' })
  })

  it('refuses a name that another brand\'s alternative name overlaps (the save would reject that alternative)', () => {
    const r = renameCompetitor(notion, list, 1, 'Atlassian')
    expect('error' in r && r.error).toBe('"Atlassian" clashes with Confluence\'s alternative name "Atlassian Wiki": "Atlassian Wiki" overlaps with the brand "Atlassian"; mentions would be attributed to the wrong brand')
    const own = renameCompetitor(notion, list, 1, 'Wiki')
    expect('error' in own && own.error).toMatch(/^"Wiki" clashes with Notion's alternative name "Team Wiki": /)
    // A problem the list already had is not blamed on the rename (the save reports it as before).
    const odd = renameCompetitor(b('Notion', ['Notion AI']), list, 1, 'Slab')
    expect('competitors' in odd).toBe(true)
  })

  it('drops the old domains and re-checks its alternative names with the shared validator', () => {
    const r = renameCompetitor(notion, list, 0, 'Confluence Cloud')
    expect(r).toEqual({ competitors: [b('Confluence Cloud', ['Atlassian Wiki']), list[1], list[2]], droppedAlternatives: [] })
    // "Atlassian" is inside its alternative "Atlassian Wiki": it would double-count, so the alternative goes.
    const s = renameCompetitor(notion, list, 0, 'Atlassian')
    expect(s).toEqual({ competitors: [b('Atlassian'), list[1], list[2]], droppedAlternatives: ['Atlassian Wiki'] })
  })

  it('ignores an empty or unchanged name, and allows a change of case of its own name', () => {
    expect(renameCompetitor(notion, list, 0, '   ')).toEqual({ competitors: list, droppedAlternatives: [] })
    expect(renameCompetitor(notion, list, 0, 'Confluence')).toEqual({ competitors: list, droppedAlternatives: [] })
    const r = renameCompetitor(notion, list, 1, 'SLITE')
    expect('competitors' in r && r.competitors[1].name).toBe('SLITE')
  })
})
