import { Header } from './app-shell'

/** A simple signed-in page with the app header: support texts and areas not yet built. */
export function InfoPage({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <>
      <Header />
      <main className="main" style={{ maxWidth: 860, margin: '0 auto' }}>
        <h1>{title}</h1>
        <div className="panel">{children}</div>
      </main>
    </>
  )
}

export const NOT_YET = <p className="muted">This part of the product is not available in this version yet.</p>
