import { Link } from '@remix-run/react'

const FEATURES = [
  ['Multi-model analysis', 'Ask ChatGPT 5, Claude Sonnet 4, Gemini, Perplexity Sonar, Grok-4 and DeepSeek the 40 questions your buyers ask.'],
  ['Unified rankings', 'See where your brand ranks in list answers, model by model and combined.'],
  ['Source insights', 'Find the web pages the models cite: your own, your competitors’ and third-party sources.'],
  ['Content optimiser', 'Score a page on what makes AI answers cite it, and improve it.'],
  ['Content recommendations', 'Get content ideas that close the gaps competitors fill.'],
  ['Audience and topic insights', 'Break results down by persona and topic.'],
]

export function Landing({ entraConfigured }: { entraConfigured: boolean }) {
  return (
    <div>
      <header className="app-header">
        <Link to="/" className="logo">AI Brand Visibility</Link>
        <nav aria-label="Main">
          <Link to="/faq">FAQ &amp; Support</Link>
          <a href="#features">Learn More</a>
          <a href="mailto:support@example.com">Contact Us</a>
        </nav>
        <a className="btn btn-primary" href={entraConfigured ? '/login/azure' : '/login'}>Sign In</a>
      </header>
      <main style={{ maxWidth: 960, margin: '0 auto', padding: '3rem 1rem' }}>
        <h1 style={{ fontSize: '2.4rem' }}>How do AI assistants talk about your brand?</h1>
        <p className="muted" style={{ fontSize: '1.15rem' }}>
          Run 40 search-style queries across six AI models and see where your brand is mentioned, how it ranks, with what sentiment, and which
          sources the models cite — day by day.
        </p>
        <p>
          <a className="btn btn-primary" href={entraConfigured ? '/login/azure' : '/login'}>Sign In</a>{' '}
          {!entraConfigured && <Link className="btn" to="/signup">Create an account</Link>}
        </p>
        <section id="features" className="grid-2" style={{ marginTop: '2rem' }}>
          {FEATURES.map(([title, text]) => (
            <div className="panel" key={title}>
              <h3>{title}</h3>
              <p className="muted">{text}</p>
            </div>
          ))}
        </section>
      </main>
    </div>
  )
}
