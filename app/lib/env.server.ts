import { z } from 'zod'

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  DATABASE_URL: z.string().min(1, 'DATABASE_URL is required (npm start sets it to the embedded PostgreSQL)'),
  SESSION_SECRET: z.string().min(16).default('dev-only-session-secret-change-me'),
  TEMPORAL_ADDRESS: z.string().default('127.0.0.1:7233'),
  TEMPORAL_NAMESPACE: z.string().default('default'),
  TEMPORAL_TASK_QUEUE: z.string().default('brand-analysis'),
  TEMPORAL_UI_URL: z.string().default('http://127.0.0.1:8233'),
  ADMIN_EMAILS: z.string().default(''),
  // Limits given to new non-admin users; unset = the spec default of 1.
  DEFAULT_MAX_PROJECTS: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(0).optional()),
  DEFAULT_MAX_ANALYSES: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(0).optional()),
  MICROSOFT_CLIENT_ID: z.string().optional(),
  MICROSOFT_CLIENT_SECRET: z.string().optional(),
  MICROSOFT_TENANT_ID: z.string().default('common'),
  MICROSOFT_AUTHORITY: z.string().optional(),
  APP_URL: z.string().optional(),
  DEMO_MODE: z.string().optional(),
  SECURE_COOKIES: z.string().optional(),
})

export type Env = z.infer<typeof schema>

let cached: Env | undefined

/** Environment validated once; a missing or malformed setting fails fast with a list of what is wrong. */
export function env(): Env {
  if (cached) return cached
  const parsed = schema.safeParse(process.env)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`)
    throw new Error(`Invalid environment:\n${lines.join('\n')}`)
  }
  cached = parsed.data
  return cached
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
