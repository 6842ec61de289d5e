/**
 * Admin rights granted or taken on the server itself (`npm run admin`): whoever can run a command there is a
 * proven operator. Each change is written to the admin audit log as done by "server console".
 */
import type { Db } from './client'

export type AdminChange = { ok: true; email: string; changed: boolean } | { ok: false; message: string }

export async function setAdmin(sql: Db, emailInput: string, admin: boolean): Promise<AdminChange> {
  const email = emailInput.trim().toLowerCase()
  const [user] = await sql<{ id: number; is_admin: boolean }[]>`select id, is_admin from users where email = ${email}`
  if (!user) return { ok: false, message: `No account with the e-mail ${email}: it signs up first, then run this again.` }
  if (user.is_admin === admin) return { ok: true, email, changed: false }
  await sql`
    update users set is_admin = ${admin}
      ${admin ? sql`, max_projects = null, max_analyses = null` : sql``}
    where id = ${user.id}`
  await sql`
    insert into admin_audit_log (admin_id, admin_email, action, target_user_id, target_email, before, after)
    values (null, 'server console', ${admin ? 'grant_admin' : 'revoke_admin'}, ${user.id}, ${email},
      ${sql.json({ isAdmin: user.is_admin })}, ${sql.json({ isAdmin: admin })})`
  return { ok: true, email, changed: true }
}
