import type { KeyboardEvent } from 'react'

/**
 * Whether a key press in a chat box sends the message: Enter without Shift (Shift+Enter is a new line),
 * and not the Enter that confirms an input-method conversion (Japanese, Chinese, Korean): browsers flag
 * that one with isComposing, and some (Safari) only with keyCode 229 after the composition has ended.
 */
export function enterSends(e: KeyboardEvent): boolean {
  return e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing && e.nativeEvent.keyCode !== 229
}
