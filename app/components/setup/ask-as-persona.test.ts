/** The ask-as-persona option saved after Proceed: on and off alike, from the stored value in edit mode. */
import { askAsPersonaToSave } from './AudiencesSetup'

describe('askAsPersonaToSave', () => {
  it('a new project (stored false): saves true when checked with audience queries, nothing otherwise', () => {
    expect(askAsPersonaToSave(true, true, false, true)).toBe(true)
    expect(askAsPersonaToSave(false, true, false, false)).toBeNull()
    // checked, but no query has an audience any more: the option is off, as stored
    expect(askAsPersonaToSave(true, false, false, true)).toBeNull()
  })

  it('editing a project that has it on: unchecking saves false; leaving it saves nothing', () => {
    expect(askAsPersonaToSave(false, true, true, true)).toBe(false)
    expect(askAsPersonaToSave(true, true, true, false)).toBeNull()
    // the audience queries were replaced by topic queries: off is saved
    expect(askAsPersonaToSave(true, false, true, false)).toBe(false)
  })

  it('the stored value could not be read: only a change the user made is saved', () => {
    expect(askAsPersonaToSave(false, true, null, false)).toBeNull()
    expect(askAsPersonaToSave(false, true, null, true)).toBe(false)
    expect(askAsPersonaToSave(true, true, null, true)).toBe(true)
  })
})
