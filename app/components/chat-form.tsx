import type { Ref } from 'react'
import { enterSends } from './enter-sends'

/**
 * The message box of both chats (AI Chat and FAQ): Enter sends, Shift+Enter is a new line, and the Enter that
 * confirms an input-method conversion never sends (enterSends). One component, so the two boxes cannot drift apart.
 */
export function ChatForm({ className, label, placeholder, value, onChange, onSend, pending, lockWhilePending, maxLength, inputRef }: {
  className: string
  label: string
  placeholder: string
  value: string
  onChange: (value: string) => void
  onSend: (message: string) => void
  pending: boolean
  /** The AI Chat locks its box while a reply streams; the FAQ keeps it editable. */
  lockWhilePending?: boolean
  maxLength?: number
  inputRef?: Ref<HTMLTextAreaElement>
}) {
  return (
    <form
      className={className}
      onSubmit={(e) => {
        e.preventDefault()
        onSend(value)
      }}
    >
      <textarea
        ref={inputRef}
        aria-label={label}
        placeholder={placeholder}
        value={value}
        maxLength={maxLength}
        disabled={lockWhilePending ? pending : undefined}
        rows={2}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={(e) => {
          if (enterSends(e)) {
            e.preventDefault()
            onSend(value)
          }
        }}
      />
      <button type="submit" className="btn btn-primary" disabled={pending || !value.trim()}>
        Send
      </button>
    </form>
  )
}
