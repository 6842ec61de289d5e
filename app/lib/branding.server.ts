/**
 * Report branding: the account's, and a project's override, stored in PostgreSQL (report_brandings,
 * the logo as bytea). Who may change: the account itself; for a project, whoever may write it (its owner, an admin).
 * Reports read the merged branding of their project (brandingForProject), a share link's visitor included.
 */
import { db } from './db.server'
import type { User } from './auth.server'
import { badRequest } from './http.server'
import { getProject } from './projects.server'
import { errorMessage } from '../domain/validation'
import { brandingSchema, checkLogo, mergeBranding, type Branding, type LogoType } from '../domain/branding'
import { DEFAULT_BRANDING, type ReportBrandingView } from '../domain/report/html'

interface Row {
  company_name: string | null
  primary_colour: string | null
  accent_colour: string | null
  footer_text: string | null
  hide_product_name: boolean
  logo: Buffer | null
  logo_type: LogoType | null
}

const toBranding = (r: Row | undefined): Branding | null =>
  r
    ? {
        companyName: r.company_name,
        primaryColour: r.primary_colour,
        accentColour: r.accent_colour,
        footerText: r.footer_text,
        hideProductName: r.hide_product_name,
        logo: r.logo && r.logo_type ? { type: r.logo_type, bytes: new Uint8Array(r.logo) } : null,
      }
    : null

type Owner = { userId: number } | { projectId: number }

async function read(owner: Owner): Promise<Branding | null> {
  const sql = db()
  const [row] = await sql<Row[]>`
    select company_name, primary_colour, accent_colour, footer_text, hide_product_name, logo, logo_type from report_brandings
    where ${'userId' in owner ? sql`user_id = ${owner.userId}` : sql`project_id = ${owner.projectId}`}`
  return toBranding(row)
}

/** The form's fields and an optional logo file; a bad field or logo is a 400 with the reason. */
async function write(owner: Owner, form: Record<string, unknown>, logo: Uint8Array | null): Promise<Branding> {
  const parsed = brandingSchema.safeParse(form)
  if (!parsed.success) badRequest(errorMessage(parsed.error, 'Invalid branding', form))
  const f = parsed.data
  let logoType: LogoType | null = null
  if (logo && logo.length > 0) {
    const checked = checkLogo(logo)
    if (!checked.ok) badRequest(checked.message, { logo: checked.message })
    logoType = checked.info.type
  }
  const sql = db()
  const keep = !(logoType || f.removeLogo)
  const values = {
    user_id: 'userId' in owner ? owner.userId : null,
    project_id: 'projectId' in owner ? owner.projectId : null,
    company_name: f.companyName,
    primary_colour: f.primaryColour,
    accent_colour: f.accentColour,
    footer_text: f.footerText,
    hide_product_name: f.hideProductName,
    logo: logoType ? Buffer.from(logo!) : null,
    logo_type: logoType,
  }
  const conflict = 'userId' in owner ? sql`(user_id) where user_id is not null` : sql`(project_id) where project_id is not null`
  await sql`
    insert into report_brandings ${sql(values)}
    on conflict ${conflict} do update set company_name = excluded.company_name, primary_colour = excluded.primary_colour,
      accent_colour = excluded.accent_colour, footer_text = excluded.footer_text, hide_product_name = excluded.hide_product_name,
      logo = ${keep ? sql`report_brandings.logo` : sql`excluded.logo`}, logo_type = ${keep ? sql`report_brandings.logo_type` : sql`excluded.logo_type`},
      updated_at = now()`
  return (await read(owner))!
}

export const accountBranding = (user: User) => read({ userId: user.id })
export const saveAccountBranding = (user: User, form: Record<string, unknown>, logo: Uint8Array | null) => write({ userId: user.id }, form, logo)

export async function projectBranding(user: User, projectId: number) {
  await getProject(user, projectId, 'read')
  return read({ projectId })
}

export async function saveProjectBranding(user: User, projectId: number, form: Record<string, unknown>, logo: Uint8Array | null) {
  await getProject(user, projectId, 'write')
  return write({ projectId }, form, logo)
}

/** What a report of this project is dressed in: the project's branding over its owner's, over ours. */
export async function brandingForProject(projectId: number): Promise<ReportBrandingView> {
  const sql = db()
  const [p] = await sql<{ user_id: number }[]>`select user_id from projects where id = ${projectId}`
  if (!p) return DEFAULT_BRANDING
  const merged = mergeBranding(await read({ userId: p.user_id }), await read({ projectId }))
  return brandingView(merged)
}

export function brandingView(b: Branding | null): ReportBrandingView {
  if (!b) return DEFAULT_BRANDING
  return {
    companyName: b.companyName,
    logo: b.logo ? `data:${b.logo.type};base64,${Buffer.from(b.logo.bytes).toString('base64')}` : null,
    primaryColour: b.primaryColour ?? DEFAULT_BRANDING.primaryColour,
    accentColour: b.accentColour ?? DEFAULT_BRANDING.accentColour,
    footerText: b.footerText,
    hideProductName: b.hideProductName,
  }
}
