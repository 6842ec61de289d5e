/**
 * `npm run admin -- grant <email>` / `revoke <email>` / `list`: admin rights set on the server, for an account that
 * already exists. Uses DATABASE_URL, else the embedded PostgreSQL of a running `npm start` (EMBEDDED_PG_PORT).
 */
import { closeAllSql, getSql } from '../db/client'
import { setAdmin } from '../db/admins'

const USAGE = 'usage: npm run admin -- grant <email> | revoke <email> | list'
const url = process.env.DATABASE_URL || `postgres://postgres:postgres@127.0.0.1:${process.env.EMBEDDED_PG_PORT ?? 54329}/brandvis`
const [command, email] = process.argv.slice(2)
const sql = getSql(url)
let code = 0
try {
  if (command === 'list') {
    const rows = await sql<{ email: string }[]>`select email from users where is_admin order by email`
    console.log(rows.length ? rows.map((r) => r.email).join('\n') : 'no admins yet')
  } else if ((command === 'grant' || command === 'revoke') && email) {
    const r = await setAdmin(sql, email, command === 'grant')
    if (!r.ok) {
      console.error(r.message)
      code = 1
    } else console.log(`${r.email} ${r.changed ? (command === 'grant' ? 'is now an admin' : 'is no longer an admin') : command === 'grant' ? 'was already an admin' : 'was not an admin'}`)
  } else {
    console.error(USAGE)
    code = 2
  }
} catch (err) {
  console.error(`could not reach the database at ${url.replace(/:[^:@/]*@/, ':***@')}: ${(err as Error).message}. Is \`npm start\` running, or DATABASE_URL set?`)
  code = 1
} finally {
  await closeAllSql()
}
process.exit(code)
