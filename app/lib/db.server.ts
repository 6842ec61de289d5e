import { getSql } from '../../db/client'
import { env } from './env.server'

/** The app's pooled PostgreSQL client. */
export function db() {
  return getSql(env().DATABASE_URL)
}
