import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { unsubscribeReport } from '~/lib/report-schedule.server'

export const meta: MetaFunction = () => [{ title: 'Unsubscribe from report e-mails' }, { name: 'robots', content: 'noindex' }]

/** The link itself changes nothing (mail scanners open links): the page asks, its button (or a one-click POST) unsubscribes. */
export async function loader({ params }: LoaderFunctionArgs) {
  return json({ token: params.token ?? '' })
}

/** POST: the button, or a mail client's one-click List-Unsubscribe-Post (RFC 8058). */
export async function action({ params }: ActionFunctionArgs) {
  return json(await unsubscribeReport(params.token ?? ''))
}

export default function ReportUnsubscribe() {
  const { token } = useLoaderData<typeof loader>()
  const done = useActionData<typeof action>()
  return (
    <main className="main" style={{ maxWidth: 560, margin: '2rem auto' }}>
      <h1>Report e-mails</h1>
      {done ? (
        <p role="status">
          {done.email} will receive no more report e-mails of {done.project}.
        </p>
      ) : (
        <Form method="post" action={`/report-unsubscribe/${encodeURIComponent(token)}`}>
          <p>Stop receiving the scheduled AI visibility report at this address?</p>
          <button type="submit" className="btn">
            Unsubscribe
          </button>
        </Form>
      )}
    </main>
  )
}
