import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { requireUser } from '~/lib/auth.server'
import { Header } from '~/components/app-shell'
import { accountBranding, brandingView, projectBranding, saveAccountBranding, saveProjectBranding } from '~/lib/branding.server'
import { getProject } from '~/lib/projects.server'
import { badRequest } from '~/lib/http.server'
import { idFrom } from '~/domain/validation'
import { LOGO_MAX_BYTES } from '~/domain/branding'
import { rewriteSettingOf, saveRewriteSetting } from '~/lib/report-rewrite.server'

export const meta: MetaFunction = () => [{ title: 'Report branding · AI Brand Visibility' }]

/** ?project=N: that project's override; none: the account's branding. */
async function target(request: Request) {
  const user = await requireUser(request)
  const raw = new URL(request.url).searchParams.get('project')
  if (raw === null) return { user, project: null }
  const id = idFrom(raw)
  if (id === null) badRequest('project must be a project id')
  const project = await getProject(user, id, 'read')
  return { user, project: { id: project.id, name: project.name, canWrite: project.accessType === 'owner' || user.isAdmin } }
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { user, project } = await target(request)
  const branding = project ? await projectBranding(user, project.id) : await accountBranding(user)
  const view = branding ? brandingView(branding) : null
  const rewrite = await rewriteSettingOf(user, project?.id ?? null)
  return json({ project, rewrite, branding: branding ? { ...view, primaryColour: branding.primaryColour, accentColour: branding.accentColour } : null })
}

/** Saves the form (multipart: the logo is a file). A request larger than the logo allows is refused before it is read. */
export async function action({ request }: ActionFunctionArgs) {
  const { user, project } = await target(request)
  if (Number(request.headers.get('content-length') ?? 0) > LOGO_MAX_BYTES + 64 * 1024) badRequest(`The logo must be at most ${LOGO_MAX_BYTES / 1024} KiB`)
  let form: FormData
  try {
    form = await request.formData()
  } catch {
    return json({ saved: false, error: 'Send the form as multipart/form-data' }, { status: 400 })
  }
  const file = form.get('logo')
  const logo = file && typeof file === 'object' && 'arrayBuffer' in file && file.size > 0 ? new Uint8Array(await file.arrayBuffer()) : null
  const fields = Object.fromEntries([...form.entries()].filter(([k, v]) => k !== 'logo' && typeof v === 'string'))
  try {
    if (fields.intent === 'rewrite') {
      await saveRewriteSetting(user, project?.id ?? null, { rewriteSummary: fields.rewriteSummary })
      return json({ saved: true, error: null, rewrite: true })
    }
    if (project) await saveProjectBranding(user, project.id, fields, logo)
    else await saveAccountBranding(user, fields, logo)
    return json({ saved: true, error: null })
  } catch (e) {
    if (e instanceof Response && e.status === 400) return json({ saved: false, error: ((await e.json()) as { message: string }).message, rewrite: fields.intent === 'rewrite' }, { status: 400 })
    throw e
  }
}

export default function BrandingPage() {
  const { project, branding, rewrite } = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>()
  const busy = useNavigation().state === 'submitting'
  const b = branding
  return (
    <>
      <Header />
      <main className="main" style={{ maxWidth: 720, margin: '0 auto' }}>
        <h1>Report branding{project ? `: ${project.name}` : ''}</h1>
        <p className="muted">
          {project
            ? 'These settings override your account’s branding for this project’s reports. Empty fields use the account’s.'
            : 'Your logo, colours and name on every report (PDF, web page and PowerPoint). A project can override them.'}
        </p>
        <Form method="post" encType="multipart/form-data" className="panel" style={{ display: 'grid', gap: '.75rem' }} data-branding-form>
          <label>
            Company name
            <input name="companyName" maxLength={200} defaultValue={b?.companyName ?? ''} />
          </label>
          <label>
            Logo (PNG, JPEG or WebP; at most 512 KiB, 16–2000 pixels a side)
            <input type="file" name="logo" accept="image/png,image/jpeg,image/webp" />
          </label>
          {b?.logo ? (
            <div>
              <img src={b.logo} alt="Current logo" style={{ maxHeight: 48 }} />
              <label style={{ display: 'block' }}>
                <input type="checkbox" name="removeLogo" /> Remove the logo
              </label>
            </div>
          ) : null}
          <label>
            Main colour
            <input name="primaryColour" placeholder="#111827" pattern="#[0-9a-fA-F]{6}" defaultValue={b?.primaryColour ?? ''} />
          </label>
          <label>
            Accent colour
            <input name="accentColour" placeholder="#d92d20" pattern="#[0-9a-fA-F]{6}" defaultValue={b?.accentColour ?? ''} />
          </label>
          <label>
            Footer text
            <input name="footerText" maxLength={300} defaultValue={b?.footerText ?? ''} />
          </label>
          <label>
            <input type="checkbox" name="hideProductName" defaultChecked={b?.hideProductName ?? false} /> White label: hide “AI Brand Visibility” on reports
          </label>
          {result?.error && !('rewrite' in result && result.rewrite) ? <p role="alert" className="error">{result.error}</p> : null}
          {result?.saved && !('rewrite' in result && result.rewrite) ? <p role="status">Saved.</p> : null}
          <button type="submit" className="btn" disabled={busy || (project ? !project.canWrite : false)}>
            Save branding
          </button>
        </Form>
        <Form method="post" className="panel" style={{ display: 'grid', gap: '.75rem', marginTop: '1rem' }} data-rewrite-form>
          <input type="hidden" name="intent" value="rewrite" />
          <label>
            Rewrite the summary’s style with a model
            <select name="rewriteSummary" defaultValue={project ? (rewrite.own === null ? 'inherit' : rewrite.own ? 'on' : 'off') : rewrite.own ? 'on' : 'off'}>
              {project ? <option value="inherit">As the account ({'account' in rewrite && rewrite.account ? 'on' : 'off'})</option> : null}
              <option value="on">On</option>
              <option value="off">Off</option>
            </select>
          </label>
          <p className="muted" style={{ margin: 0 }}>
            A model may reword the report’s executive summary, never its figures: every number in its text must be one of the computed summary’s,
            else the report keeps the computed summary and says so. Ask for it from “Download report” on the results; it counts against your daily AI budget.
            {rewrite.simulated ? ' This install runs in demo mode: the built-in model simulator writes the rewrite, and the report says it is simulated.' : ''}
          </p>
          {result && 'rewrite' in result && result.rewrite ? (result.error ? <p role="alert" className="error">{result.error}</p> : <p role="status">Saved.</p>) : null}
          <button type="submit" className="btn" disabled={busy || (project ? !project.canWrite : false)}>
            Save setting
          </button>
        </Form>
      </main>
    </>
  )
}
