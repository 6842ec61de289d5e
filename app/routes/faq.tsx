import { Link } from '@remix-run/react'

const FAQ: [string, string][] = [
  ['Which AI models do you analyse?', 'ChatGPT 5, Claude Sonnet 4, Gemini, Perplexity Sonar, Grok-4 and DeepSeek. Light Mode runs ChatGPT 5 only.'],
  ['What is a query?', 'A search-style question your buyers might ask an AI assistant, such as "best running shoes for flat feet". A project has up to 40 (20 in Light Mode).'],
  ['How is my brand counted?', 'Each whole-word mention of the brand or one of its alternative names in an answer counts, ignoring links, citation numbers and the sources list at the end.'],
  ['How is rank measured?', 'When an answer is a numbered list (or uses first, second, ...), the brand’s rank is the position of the item that names it.'],
  ['How long does an analysis take?', 'Usually 2–5 minutes. You can watch each model’s progress on the progress page.'],
]

export default function Faq() {
  return (
    <main style={{ maxWidth: 860, margin: '0 auto', padding: '2rem 1rem' }}>
      <p>
        <Link to="/">← Home</Link>
      </p>
      <h1>FAQ &amp; Support</h1>
      {FAQ.map(([q, a]) => (
        <div className="panel" key={q}>
          <h3>{q}</h3>
          <p className="muted">{a}</p>
        </div>
      ))}
    </main>
  )
}
