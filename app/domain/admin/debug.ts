/** /debug-auth (Key test result debug): which secrets are set, as name / exists / length — never a value. */

export const DEBUG_ENV_KEYS = [
  'OPENAI_API_KEY',
  'ANTHROPIC_API_KEY',
  'GEMINI_API_KEY',
  'GOOGLE_API_KEY',
  'PERPLEXITY_API_KEY',
  'XAI_API_KEY',
  'DEEPSEEK_API_KEY',
  'MICROSOFT_CLIENT_ID',
  'MICROSOFT_CLIENT_SECRET',
  'MICROSOFT_TENANT_ID',
  'SESSION_SECRET',
  'ADMIN_EMAILS',
  'DATABASE_URL',
  'TEMPORAL_API_KEY',
] as const

export interface EnvKey {
  name: string
  exists: boolean
  length: number
}

export function envKeys(env: Record<string, string | undefined>, names: readonly string[] = DEBUG_ENV_KEYS): EnvKey[] {
  return names.map((name) => {
    const value = env[name]?.trim() ?? ''
    return { name, exists: value.length > 0, length: value.length }
  })
}
