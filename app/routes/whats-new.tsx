import { json, type LoaderFunctionArgs } from '@remix-run/node'
import { requireUser } from '~/lib/auth.server'
import { InfoPage } from '~/components/info-page'

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request)
  return json({})
}

export default function WhatsNew() {
  return (
    <InfoPage title="What's New?">
      <ul>
        <li>Six AI models in one analysis: ChatGPT 5, Claude Sonnet 4, Gemini, Perplexity Sonar, Grok-4 and DeepSeek.</li>
        <li>Share of Model, Brand Rank, Query Rank, Mentions and Sentiment tabs with spreadsheet exports.</li>
        <li>Shareable read-only export links, active for 30 days.</li>
      </ul>
    </InfoPage>
  )
}
