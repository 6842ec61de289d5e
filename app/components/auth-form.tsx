/** Pieces shared by the sign-in and sign-up pages. */
import type { ReactNode } from 'react'

export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  return (
    <main className="auth-page">
      <div className="auth-card">
        <a href="/" className="auth-logo">AI Brand Visibility</a>
        <h1>{title}</h1>
        {subtitle && <p className="auth-subtitle">{subtitle}</p>}
        {children}
      </div>
    </main>
  )
}

export function AuthField({
  name,
  label,
  error,
  hint,
  ...input
}: { name: string; label: ReactNode; error?: string; hint?: string } & React.InputHTMLAttributes<HTMLInputElement>) {
  const id = `auth-${name}`
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined
  return (
    <div className="field auth-field">
      <label htmlFor={id}>{label}</label>
      <input id={id} name={name} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...input} />
      {hint && !error && (
        <span id={`${id}-hint`} className="auth-hint">
          {hint}
        </span>
      )}
      {error && (
        <span id={`${id}-error`} className="field-error" role="alert">
          {error}
        </span>
      )}
    </div>
  )
}

export function FormError({ message }: { message?: string | null }) {
  if (!message) return null
  return (
    <div className="error-box" role="alert">
      {message}
    </div>
  )
}

export function MicrosoftButton({ href }: { href: string }) {
  return (
    <a className="btn auth-microsoft" href={href}>
      <svg aria-hidden width="18" height="18" viewBox="0 0 21 21">
        <rect x="1" y="1" width="9" height="9" fill="#f25022" />
        <rect x="11" y="1" width="9" height="9" fill="#7fba00" />
        <rect x="1" y="11" width="9" height="9" fill="#00a4ef" />
        <rect x="11" y="11" width="9" height="9" fill="#ffb900" />
      </svg>
      Sign in with Microsoft
    </a>
  )
}
