/**
 * Requests numbered when sent, so an answer that left before another one already shown is dropped: a schedule read
 * that was on its way when Pause was clicked cannot put 'Active' back over 'Paused'.
 */
export function answerOrder() {
  let sent = 0
  let shown = 0
  return {
    /** The number of a request about to be sent. */
    send: () => ++sent,
    /** Whether the answer to request `n` may be shown (it is then the newest shown). */
    land: (n: number) => {
      if (n < shown) return false
      shown = n
      return true
    },
  }
}
