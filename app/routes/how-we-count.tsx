import type { MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { Markdown } from '~/components/chat/Markdown'
import { howWeCount } from '~/lib/how-we-count.server'

export const meta: MetaFunction = () => [{ title: 'How we count · AI Brand Visibility' }]

/** GET /how-we-count: how mentions and ranks are read from an answer, and the measured accuracy (the README's section; public, like the FAQ). */
export function loader() {
  return json({ markdown: howWeCount() })
}

export default function HowWeCount() {
  const { markdown } = useLoaderData<typeof loader>()
  return (
    <main style={{ maxWidth: 960, margin: '0 auto', padding: '2rem 1rem' }}>
      <p>
        <Link to="/">← Home</Link>
      </p>
      <Markdown text={markdown || '# How we count\n\nThe section is missing from this build.'} />
    </main>
  )
}
