import { cleanSnippet } from './sentiment'

describe('sentiment snippets', () => {
  it('start with the statement, not markdown or link residue', () => {
    // What stripNonCountable leaves of two link citations before "Second, ...".
    expect(cleanSnippet('[ ]( ) [ ]( ) Second, Coda is excellent for docs.')).toBe('Second, Coda is excellent for docs.')
    expect(cleanSnippet('**Notion** is praised ([techradar.com]( )) for its templates.')).toBe('Notion is praised (techradar.com) for its templates.')
    expect(cleanSnippet('- See [Slab]( ) for a simple wiki.')).toBe('See Slab for a simple wiki.')
    expect(cleanSnippet('Plain sentence stays as it is.')).toBe('Plain sentence stays as it is.')
  })
})
