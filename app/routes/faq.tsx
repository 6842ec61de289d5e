import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { FaqChat } from '~/components/faq-chat'
import { FAQ_ENTRIES } from '~/domain/faq/entries'
import { FAQ_MESSAGE_MAX, FAQ_PRESETS } from '~/domain/faq/texts'
import { text } from '~/domain/validation'

export const meta: MetaFunction = () => [{ title: 'FAQ & Support · AI Brand Visibility' }]

const question = text('Question', FAQ_MESSAGE_MAX)

/** GET /faq[?q=…]: the FAQ chat in full-page mode (it sends ?q=, else the first preset prompt) and every FAQ entry. */
export function loader({ request }: LoaderFunctionArgs) {
  const q = question.safeParse(new URL(request.url).searchParams.get('q') ?? '')
  return json({ autoSend: (q.success && q.data) || FAQ_PRESETS[0] })
}

export default function Faq() {
  const { autoSend } = useLoaderData<typeof loader>()
  return (
    <main style={{ maxWidth: 860, margin: '0 auto', padding: '2rem 1rem' }}>
      <p>
        <Link to="/">← Home</Link>
      </p>
      <h1>FAQ &amp; Support</h1>
      <FaqChat mode="page" autoSend={autoSend} />
      <h2 style={{ marginTop: '2rem' }}>Frequently asked questions</h2>
      {FAQ_ENTRIES.map((e) => (
        <div className="panel" key={e.id} id={e.id}>
          <h3>{e.question}</h3>
          <p className="muted">{e.answer}</p>
        </div>
      ))}
    </main>
  )
}
