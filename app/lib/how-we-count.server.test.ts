import { howWeCount, HOW_WE_COUNT_HEADING } from './how-we-count.server'

describe('the "How we count" section served to the results help', () => {
  it('is the README section, with its accuracy table, and stops before the next section', () => {
    const md = howWeCount()
    expect(md.startsWith(HOW_WE_COUNT_HEADING)).toBe(true)
    expect(md).toContain('| **all** | 125 |')
    expect(md).toContain('**By format**')
    expect(md).not.toContain('\n## ')
  })
})
