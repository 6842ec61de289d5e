import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { requireUser } from '~/lib/auth.server'
import { Header } from '~/components/app-shell'
import { badRequest, parseBody } from '~/lib/http.server'
import { getProject } from '~/lib/projects.server'
import { changeReportSchedule, reportSchedule } from '~/lib/report-schedule.server'
import { idFrom } from '~/domain/validation'
import { MAX_RECIPIENTS, reportScheduleChangeSchema } from '~/domain/report/schedule'

export const meta: MetaFunction = () => [{ title: 'Report e-mails · AI Brand Visibility' }]

async function projectOf(request: Request) {
  const user = await requireUser(request)
  const id = idFrom(new URL(request.url).searchParams.get('project'))
  if (id === null) badRequest('project must be a project id')
  return { user, project: await getProject(user, id, 'read') }
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { user, project } = await projectOf(request)
  return json({ project: { id: project.id, name: project.name, canWrite: project.accessType === 'owner' || user.isAdmin }, state: await reportSchedule(user, project.id) })
}

export async function action({ request }: ActionFunctionArgs) {
  const { user, project } = await projectOf(request)
  try {
    await changeReportSchedule(user, project.id, await parseBody(request, reportScheduleChangeSchema))
    return json({ error: null })
  } catch (e) {
    if (e instanceof Response && e.status === 400) return json({ error: ((await e.json()) as { message: string }).message }, { status: 400 })
    throw e
  }
}

export default function ReportSchedulePage() {
  const { project, state } = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>()
  const busy = useNavigation().state === 'submitting'
  const s = state.schedule
  const disabled = busy || !project.canWrite
  return (
    <>
      <Header />
      <main className="main" style={{ maxWidth: 760, margin: '0 auto' }}>
        <h1>Report e-mails: {project.name}</h1>
        {!state.smtpConfigured ? (
          <p role="alert" className="banner" data-smtp-missing>
            No SMTP server is configured (set SMTP_URL), so no report e-mail is sent. The schedule can be set up; it sends nothing until SMTP is configured.
          </p>
        ) : null}
        <p className="muted">
          The report (cover, summary, charts and tables, in the project’s language and your <Link to={`/branding?project=${project.id}`}>branding</Link>) of the
          latest completed analysis, every Monday or on the 1st of the month at 07:00 UTC. Each recipient can unsubscribe from the e-mail.
        </p>
        <Form method="post" className="panel" style={{ display: 'grid', gap: '.75rem' }} data-report-schedule>
          <input type="hidden" name="action" value="save" />
          <label>
            How often
            <select name="frequency" defaultValue={s?.frequency ?? 'weekly'}>
              <option value="weekly">Weekly (Mondays)</option>
              <option value="monthly">Monthly (the 1st)</option>
            </select>
          </label>
          <label>
            The report
            <select name="delivery" defaultValue={s?.delivery ?? 'attachment'}>
              <option value="attachment">Attached as a PDF</option>
              <option value="link">As a link (a 30-day share link)</option>
            </select>
          </label>
          <label>
            Recipients (one per line, at most {MAX_RECIPIENTS})
            <textarea name="recipients" rows={4} defaultValue={state.recipients.filter((r) => !r.unsubscribed).map((r) => r.email).join('\n')} />
          </label>
          {result?.error ? <p role="alert" className="error">{result.error}</p> : null}
          <button type="submit" className="btn" disabled={disabled}>
            {s?.enabled ? 'Save' : 'Turn on report e-mails'}
          </button>
        </Form>
        {s?.enabled ? (
          <div style={{ display: 'flex', gap: '.5rem', margin: '.75rem 0' }}>
            <Form method="post"><input type="hidden" name="action" value="trigger" /><button className="btn btn-small" disabled={disabled}>Send now</button></Form>
            <Form method="post"><input type="hidden" name="action" value="disable" /><button className="btn btn-small" disabled={disabled}>Turn off</button></Form>
          </div>
        ) : null}
        {s ? (
          <p data-last-outcome>
            {s.enabled ? `On, ${s.frequency}${s.nextRunAt ? `; next ${s.nextRunAt.slice(0, 16).replace('T', ' ')} UTC` : ''}.` : 'Off.'}
            {s.lastRunAt ? ` Last run ${s.lastRunAt.slice(0, 16).replace('T', ' ')} UTC: ${s.lastOutcome ?? ''}` : ''}
          </p>
        ) : null}
        {state.recipients.some((r) => r.unsubscribed) ? <p className="muted">Unsubscribed: {state.recipients.filter((r) => r.unsubscribed).map((r) => r.email).join(', ')}</p> : null}
        <h2>Recent e-mails</h2>
        <table className="data" data-report-sends>
          <thead><tr><th>When (UTC)</th><th>To</th><th>Status</th><th>Attempts</th><th>Error</th></tr></thead>
          <tbody>
            {state.sends.length === 0 ? <tr><td colSpan={5}>None yet</td></tr> : null}
            {state.sends.map((x, i) => (
              <tr key={i}><td>{x.at.slice(0, 16).replace('T', ' ')}</td><td>{x.email}</td><td>{x.status}</td><td>{x.attempts}</td><td>{x.error ?? ''}</td></tr>
            ))}
          </tbody>
        </table>
      </main>
    </>
  )
}
