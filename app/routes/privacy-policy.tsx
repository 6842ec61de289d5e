import type { MetaFunction } from '@remix-run/node'
import { LegalPage } from '~/components/consent/legal-page'

export const meta: MetaFunction = () => [{ title: 'Privacy Policy · AI Brand Visibility' }]

export default function PrivacyPolicy() {
  return (
    <LegalPage title="Privacy Policy" updated="23/11/26">
      <p>
        This product is self-hosted: the organisation that runs it decides where its database lives and is responsible for your data. This page says what the
        software stores, for how long, and what it sends to AI vendors.
      </p>
      <h2>What is stored</h2>
      <ul>
        <li><strong>Your account</strong>: e-mail, first and last name, a scrypt hash of your password (never the password), your Microsoft account identifier if you sign in with Microsoft, your plan, limits and the time of your last sign-in.</li>
        <li><strong>Sessions</strong>: a random identifier per sign-in; it ends after 12 hours unused or 30 days at most, and on sign-out.</li>
        <li><strong>Projects</strong>: brand, market description, region, language, competitors, queries, audiences and topics you enter or generate.</li>
        <li><strong>Analyses</strong>: every AI model answer to your queries with its citations and sources, and the figures computed from them.</li>
        <li><strong>Exports</strong>: snapshots you create; their public links work for 30 days.</li>
        <li><strong>Content optimiser, content ideas and AI chat</strong>: the text or URL you submit, the results, and the chat messages.</li>
        <li><strong>Usage and spending</strong>: which kind of model call you made and its cost, to enforce daily limits.</li>
        <li><strong>Feedback</strong> you send from Support, and the <strong>admin audit log</strong> of changes admins make to accounts.</li>
        <li><strong>Your cookie choice</strong> (see the Cookie Policy).</li>
      </ul>
      <h2>How long</h2>
      <p>
        Everything you create is kept until you delete it (a project deletes its analyses and exports with it) or an admin deletes your account, which deletes all
        of it. Sessions and export links expire as above. Audit log entries are kept after the account they describe is deleted, so admin actions stay accountable.
      </p>
      <h2>What AI vendors receive</h2>
      <p>Model calls go from the server, never from your browser, and only to the vendors the operator has configured with an API key:</p>
      <ul>
        <li><strong>OpenAI</strong> (ChatGPT 5), <strong>Anthropic</strong> (Claude Sonnet 4), <strong>Google</strong> (Gemini), <strong>Perplexity</strong> (Sonar), <strong>xAI</strong> (Grok-4), <strong>DeepSeek</strong>: the text of each analysis query, and for source analysis the query with web search turned on.</li>
        <li>Framework, audience and topic generation: the brand name, market description, region, language and market type of the project.</li>
        <li>Content optimiser: the prompt and the content or page you submit. Content ideas: the query, brief, brand and audience you choose. AI chat: your message, the last 10 messages and a summary of the analysis figures.</li>
        <li>Your e-mail, name and password are never sent to an AI vendor. Each vendor handles what it receives under its own API terms.</li>
      </ul>
      <p>Without any API key the product runs in demo mode: answers come from a built-in simulator and nothing leaves the server.</p>
      <h2>Your rights</h2>
      <p>Ask the operator of this installation (see Support) for a copy of your data, a correction, or the deletion of your account.</p>
    </LegalPage>
  )
}
