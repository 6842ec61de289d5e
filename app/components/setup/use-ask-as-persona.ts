/**
 * The ask-as-persona option: read from the project in edit mode (unless the user already changed the box), and saved
 * after Proceed whenever it differs from the project's (askAsPersonaToSave).
 */
import { useEffect, useRef, useState } from 'react'
import { callJson, fetchJson } from '~/components/json'

/**
 * The ask-as-persona value to save after Proceed, or null to leave the stored one: it is on only while some query has
 * an audience, and is saved whenever it differs from the project's (`stored`: false for a new project, null when the
 * stored value could not be read, in which case only a change the user made is saved).
 */
export function askAsPersonaToSave(checked: boolean, hasAudienceQueries: boolean, stored: boolean | null, touched: boolean): boolean | null {
  const value = checked && hasAudienceQueries
  if (stored === null) return touched ? value : null
  return value === stored ? null : value
}

export function useAskAsPersona(editingId: number | undefined) {
  const [checked, setChecked] = useState(false)
  // The project's stored option (edit mode reads it; a new project holds false) and whether the user changed the box.
  const stored = useRef<boolean | null>(editingId === undefined ? false : null)
  const touched = useRef(false)

  useEffect(() => {
    if (editingId === undefined) return
    let live = true
    callJson(`/api/projects/${editingId}/audiences`)
      .then((r) => (r.ok ? r.data : null))
      .then((d) => {
        if (!live || typeof d?.askAsPersona !== 'boolean') return
        stored.current = d.askAsPersona
        if (!touched.current) setChecked(d.askAsPersona)
      })
      .catch((err) => console.warn('Reading the persona option failed:', err))
    return () => {
      live = false
    }
  }, [editingId])

  return {
    checked,
    change: (on: boolean) => {
      touched.current = true
      setChecked(on)
    },
    /** After the project `projectId` was saved: stores the option when it differs (a save that made a new project, e.g. under another name, holds false). */
    save: async (projectId: number, hasAudienceQueries: boolean) => {
      const before = projectId === editingId ? stored.current : false
      const asker = askAsPersonaToSave(checked, hasAudienceQueries, before, touched.current)
      if (asker === null) return
      await fetchJson(`/api/projects/${projectId}/audiences`, { body: { askAsPersona: asker } })
        .then(() => {
          stored.current = asker
        })
        .catch((err) => console.warn('Saving the persona option failed:', err))
    },
  }
}
