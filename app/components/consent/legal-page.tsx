/** A public text page (policies and terms): readable signed in or out. */
export function LegalPage({ title, updated, children }: { title: string; updated: string; children: React.ReactNode }) {
  return (
    <>
      <header className="app-header">
        <a href="/" style={{ fontWeight: 700, textDecoration: 'none', color: 'inherit' }}>AI Brand Visibility</a>
      </header>
      <main className="main" style={{ maxWidth: 820, margin: '0 auto', lineHeight: 1.55 }}>
        <h1>{title}</h1>
        <p className="muted">Last updated {updated}</p>
        <div className="panel">{children}</div>
      </main>
    </>
  )
}
