/** A signed-in user's cookie consent record, mirrored from the browser. */
import type { z } from 'zod'
import { db } from './db.server'
import type { User } from './auth.server'
import type { consentSchema } from '../domain/consent/cookies'

export async function saveConsent(user: User, r: z.infer<typeof consentSchema>) {
  await db()`
    insert into cookie_consents (user_id, version, analytics, marketing, preferences, timestamp, last_updated)
    values (${user.id}, ${r.version}, ${r.analytics}, ${r.marketing}, ${r.preferences}, ${r.timestamp}, ${r.lastUpdated})
    on conflict (user_id) do update set version = excluded.version, analytics = excluded.analytics, marketing = excluded.marketing,
      preferences = excluded.preferences, last_updated = excluded.last_updated`
  return readConsent(user)
}

export async function readConsent(user: User) {
  const [row] = await db()<{ version: string; analytics: boolean; marketing: boolean; preferences: boolean; timestamp: Date; last_updated: Date }[]>`
    select version, analytics, marketing, preferences, timestamp, last_updated from cookie_consents where user_id = ${user.id}`
  if (!row) return null
  return { version: row.version, necessary: true, analytics: row.analytics, marketing: row.marketing, preferences: row.preferences, timestamp: row.timestamp.toISOString(), lastUpdated: row.last_updated.toISOString() }
}
