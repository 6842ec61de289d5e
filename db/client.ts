import postgres from 'postgres'
import { poolSizeSetting } from '../config/env'

/** A client or a transaction: helpers take this so they work inside `sql.begin`. */
export type Db = postgres.Sql<any> | postgres.TransactionSql<any>

const clients = new Map<string, postgres.Sql<any>>()

/** One pooled client per database URL and process. */
export function getSql(url = process.env.DATABASE_URL): postgres.Sql<any> {
  if (!url) throw new Error('DATABASE_URL is not set: start the product with `npm start` or set it to a PostgreSQL URL.')
  let sql = clients.get(url)
  if (!sql) {
    sql = postgres(url, {
      max: poolSizeSetting.parse(process.env.DATABASE_POOL_SIZE),
      onnotice: () => {},
      transform: { undefined: null },
    })
    clients.set(url, sql)
  }
  return sql
}

export async function closeAllSql() {
  await Promise.all([...clients.values()].map((c) => c.end({ timeout: 5 })))
  clients.clear()
}
