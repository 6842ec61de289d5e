import { json, type LoaderFunctionArgs } from '@remix-run/node'
import { requireUser } from '~/lib/auth.server'
import { InfoPage } from '~/components/info-page'
import { FeedbackForm } from '~/components/admin/feedback-form'

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request)
  return json({})
}

export default function Support() {
  return (
    <InfoPage title="Support">
      <p>Questions about your analyses, limits or account? Write to <a href="mailto:support@example.com">support@example.com</a>.</p>
      <ul>
        <li>An analysis asks each AI model every query of your project and usually takes 2–5 minutes.</li>
        <li>Your plan's project and analysis limits are on <a href="/profile">Profile &amp; Limits</a>.</li>
        <li>One additional analysis per project can run each day.</li>
      </ul>
      <FeedbackForm />
    </InfoPage>
  )
}
