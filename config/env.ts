/**
 * The environment of every process of the product, validated with zod at start (scripts/server.ts, worker/index.ts).
 * It lives outside app/ so the worker and db/ read it without importing the web app; app/lib/env.server.ts re-exports it.
 */
import { z } from 'zod'
import { DEFAULT_TASK_QUEUE } from '../workflows/shared'

/** A numeric setting: unset or blank takes the default. */
const number = <T extends z.ZodTypeAny>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema)

/** DAILY_COST_CAP_USD: US dollars per non-admin user per UTC day; 0 = no cap; unset or blank = 10. The one parser. */
export const dailyCostCapSetting = number(z.coerce.number().min(0).default(10))

/** DATABASE_POOL_SIZE: connections per process (db/client.ts); unset or blank = 10. */
export const poolSizeSetting = number(z.coerce.number().int().min(1, 'must be at least 1').max(500, 'must be at most 500').default(10))

/** What every process reads: the database, Temporal, demo mode and the model spending cap. */
const shared = {
  // Report e-mails: an SMTP URL (smtp://user:pass@host:587, smtps://… for TLS); unset = no e-mail is sent.
  SMTP_URL: z.preprocess((v) => (v === '' ? undefined : v), z.string().regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://').optional()),
  SMTP_FROM: z.string().default('AI Brand Visibility <reports@localhost>'),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  DATABASE_URL: z.string().min(1, 'DATABASE_URL is required (npm start sets it to the embedded PostgreSQL)'),
  DATABASE_POOL_SIZE: poolSizeSetting,
  TEMPORAL_ADDRESS: z.string().default('127.0.0.1:7233'),
  TEMPORAL_NAMESPACE: z.string().default('default'),
  TEMPORAL_TASK_QUEUE: z.string().default(DEFAULT_TASK_QUEUE),
  DEMO_MODE: z.string().optional(),
  // Model spending per non-admin user per UTC day (the gateway's cost accounting), in US dollars; 0 = no cap.
  DAILY_COST_CAP_USD: dailyCostCapSetting,
  // SERP/data providers
  DATAFORSEO_LOGIN: z.string().optional(),
  DATAFORSEO_PASSWORD: z.string().optional(),
  DATAFORSEO_BASE_URL: z.preprocess((v) => (v === '' ? undefined : v), z.string().url('must be a URL such as https://api.dataforseo.com').optional()),
  SERPAPI_KEY: z.string().optional(),
  SERPAPI_BASE_URL: z.preprocess((v) => (v === '' ? undefined : v), z.string().url('must be a URL such as https://serpapi.com').optional()),
  SERP_PROVIDER: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['dataforseo', 'serpapi'], { error: 'must be dataforseo or serpapi' }).optional()),
  DATAFORSEO_POLL_MS: number(z.coerce.number().int().positive().optional()),
  SERPAPI_COST_PER_SEARCH: number(z.coerce.number().min(0).optional()),
}

/** The worker (worker/index.ts): its prebuilt workflow bundle and its Temporal worker limits. */
const worker = {
  WORKFLOW_BUNDLE: z.string().optional(),
  WORKER_ACTIVITY_POLLERS: number(z.coerce.number().int().positive().default(16)),
  WORKER_WORKFLOW_POLLERS: number(z.coerce.number().int().positive().default(8)),
  WORKER_CACHED_WORKFLOWS: number(z.coerce.number().int().min(0).default(100)),
  WORKER_MAX_ACTIVITIES: number(z.coerce.number().int().positive().default(200)),
  // Where a provider's calls in flight (<PROVIDER>_CONCURRENCY) are counted: 'shared' across every worker on the
  // database (db/provider-slots.ts), 'process' in this worker alone (each worker then allows the full count).
  PROVIDER_SLOTS: z.enum(['shared', 'process'], { message: "must be 'shared' or 'process'" }).default('shared'),
}

/** The web app (scripts/server.ts, app/). */
const web = {
  // Required in production (npm start generates one and keeps it in .data/session-secret); a
  // development-only default elsewhere, which production refuses.
  SESSION_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  TEMPORAL_UI_URL: z.string().default('http://127.0.0.1:8233'),
  ADMIN_EMAILS: z.string().default(''),
  // Admin rights go only to proven identities: nobody becomes admin by signing up first. 'true' (the
  // default) lets a local account claim admin with the one-time ADMIN_SETUP_CODE (npm start prints a fresh one
  // while the install has no admin); 'false' turns the setup code off (admins then come from ADMIN_EMAILS with
  // Microsoft sign-in, or `npm run admin -- grant <email>`).
  FIRST_ACCOUNT_ADMIN: z.enum(['true', 'false'], { message: "must be 'true' or 'false'" }).default('true'),
  ADMIN_SETUP_CODE: z.preprocess((v) => (v === '' ? undefined : v), z.string().min(16, 'must be at least 16 characters').optional()),
  // Limits given to new non-admin users; unset = the spec default of 1.
  DEFAULT_MAX_PROJECTS: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(0).optional()),
  DEFAULT_MAX_ANALYSES: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(0).optional()),
  MICROSOFT_CLIENT_ID: z.string().optional(),
  MICROSOFT_CLIENT_SECRET: z.string().optional(),
  MICROSOFT_TENANT_ID: z.string().default('common'),
  MICROSOFT_AUTHORITY: z.string().optional(),
  APP_URL: z.string().optional(),
  // Secure cookie flag: 'false' turns it off, 'true' forces it; unset: APP_URL's scheme when set, else the
  // request's (session.server.ts secureCookies).
  SECURE_COOKIES: z.enum(['true', 'false'], { message: "must be 'true' or 'false'" }).optional(),
  // A session ends after this long without a request, and this long after sign-in at the latest.
  SESSION_IDLE_HOURS: number(z.coerce.number().positive().default(12)),
  SESSION_MAX_DAYS: number(z.coerce.number().positive().default(30)),
  // Requests to routes that call a model, per minute, per user and per client address.
  MODEL_CALLS_PER_USER_PER_MINUTE: number(z.coerce.number().int().positive().default(10)),
  MODEL_CALLS_PER_ADDRESS_PER_MINUTE: number(z.coerce.number().int().positive().default(30)),
  // FAQ chat questions per client address per minute (it works signed out).
  FAQ_CHAT_PER_ADDRESS_PER_MINUTE: number(z.coerce.number().int().positive().default(20)),
  // Local sign-ups per client address per hour (each costs a 128 MiB scrypt hash).
  SIGNUPS_PER_ADDRESS_PER_HOUR: number(z.coerce.number().int().positive().default(10)),
}

/*
 * One schema with a section per process. Both processes still validate every section at start, as before the
 * sections existed (the worker refuses a production start without SESSION_SECRET too); a process-only check is the
 * next step once the web section's settings stop being read by shared modules.
 */
const schema = z.object({ ...shared, ...worker, ...web })

const DEV_SESSION_SECRET = 'dev-only-session-secret-change-me'

const checked = schema
  .superRefine((e, ctx) => {
    // A poller holds an activity slot while it waits for a task: more pollers than slots would never all poll.
    if (e.WORKER_ACTIVITY_POLLERS > e.WORKER_MAX_ACTIVITIES) {
      ctx.addIssue({ code: 'custom', path: ['WORKER_ACTIVITY_POLLERS'], message: `must be at most WORKER_MAX_ACTIVITIES (${e.WORKER_MAX_ACTIVITIES})` })
    }
    if (e.NODE_ENV === 'production' && (!e.SESSION_SECRET || e.SESSION_SECRET === DEV_SESSION_SECRET)) {
      ctx.addIssue({ code: 'custom', path: ['SESSION_SECRET'], message: 'must be set to a private value when NODE_ENV=production (npm start generates one in .data/session-secret)' })
    }
  })
  .transform((e) => ({ ...e, SESSION_SECRET: e.SESSION_SECRET ?? DEV_SESSION_SECRET }))

export type Env = z.infer<typeof checked>

let cached: Env | undefined

/** The settings of `source` checked against the one schema; throws one error that lists every problem. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const parsed = checked.safeParse(source)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`)
    throw new Error(`Invalid environment:\n${lines.join('\n')}`)
  }
  return parsed.data
}

/** Environment validated once; a missing or malformed setting fails fast with a list of what is wrong. */
export function env(): Env {
  cached ??= parseEnv(process.env)
  return cached
}

/**
 * Called first thing by the web server (scripts/server.ts) and the worker (worker/index.ts): a bad configuration
 * stops the process before it serves or polls anything, with the list of what is wrong on stderr and exit code 1.
 */
export function checkEnvAtStart(processName: string): Env {
  try {
    return env()
  } catch (err) {
    console.error(`${processName} refuses to start. ${err instanceof Error ? err.message : String(err)}`)
    process.exit(1)
  }
}

export function adminEmails(): Set<string> {
  return new Set(
    env()
      .ADMIN_EMAILS.split(',')
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean),
  )
}

export function entraConfigured(): boolean {
  const e = env()
  return Boolean(e.MICROSOFT_CLIENT_ID && e.MICROSOFT_CLIENT_SECRET)
}
