import { Link } from '@remix-run/react'

/**
 * Said in place of a name too short to count (names of 2 characters or fewer are ignored in answers), with the
 * way out: an alternative name that counts — added here (onAdd) or in the project's setup (setupHref).
 */
export function NotCountedNote({ name, onAdd, setupHref }: { name: string; onAdd?: () => void; setupHref?: string }) {
  return (
    <div className="field-error" role="note" data-testid="not-counted" style={{ flexBasis: '100%' }}>
      “{name}” will not be counted: names of 2 characters or fewer are ignored in answers. Add an alternative name that counts, such as the brand’s full
      name.{' '}
      {onAdd ? (
        <button type="button" className="btn btn-small" onClick={onAdd}>
          Add alternative name
        </button>
      ) : setupHref ? (
        <Link to={setupHref}>Add an alternative name in the setup</Link>
      ) : null}
    </div>
  )
}
