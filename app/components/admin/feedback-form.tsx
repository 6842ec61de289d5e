import { useState } from 'react'
import { useToast } from '../toast'
import { callJson, failedAnswer } from '../json'

/** Feedback from the Support page (stored in `feedback`; admins read it on /admin, tab Feedback). */
export function FeedbackForm() {
  const toast = useToast()
  const [message, setMessage] = useState('')
  const [busy, setBusy] = useState(false)
  const send = async () => {
    if (!message.trim()) return toast({ title: 'Feedback', description: 'Please write your feedback.', variant: 'destructive' })
    setBusy(true)
    const res = await callJson('/api/feedback', { body: { message } }).catch(failedAnswer)
    setBusy(false)
    if (!res.ok) return toast({ title: 'Error', description: res.detail || 'Failed to send feedback', variant: 'destructive' })
    setMessage('')
    toast({ title: 'Thank you', description: 'Your feedback was sent to the administrators.', variant: 'success' })
  }
  return (
    <form onSubmit={(e) => (e.preventDefault(), void send())} data-testid="feedback-form">
      <label className="field">
        Send feedback
        <textarea name="message" rows={4} maxLength={4000} value={message} onChange={(e) => setMessage(e.target.value)} />
      </label>
      <button type="submit" className="btn btn-primary" disabled={busy || !message.trim()}>{busy ? 'Sending...' : 'Send Feedback'}</button>
    </form>
  )
}
