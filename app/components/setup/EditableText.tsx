import { useState } from 'react'

/** Click-to-edit text: Enter (or leaving the field) saves, Escape cancels. */
export function EditableText({ value, label, onSave, multiline }: { value: string; label: string; onSave: (v: string) => void; multiline?: boolean }) {
  const [draft, setDraft] = useState<string | null>(null)
  if (draft === null)
    return (
      <span role="button" tabIndex={0} className="editable" data-edit={label} title={`Click to edit the ${label.toLowerCase()}`} onClick={() => setDraft(value)} onKeyDown={(e) => e.key === 'Enter' && setDraft(value)}>
        {value || <span className="muted">(empty)</span>}
      </span>
    )
  const save = () => {
    const v = draft.replace(/\s+/g, ' ').trim()
    if (v && v !== value) onSave(v)
    setDraft(null)
  }
  const props = {
    'aria-label': label,
    autoFocus: true,
    value: draft,
    onBlur: save,
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => setDraft(e.target.value),
    onKeyDown: (e: React.KeyboardEvent) => {
      if (e.key === 'Enter' && !e.shiftKey) {
        e.preventDefault()
        save()
      } else if (e.key === 'Escape') setDraft(null)
    },
    style: { width: '100%' },
  }
  return multiline ? <textarea rows={2} {...props} /> : <input {...props} />
}
