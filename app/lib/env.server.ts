// The environment schema lives in config/env.ts (the worker and db/ read it without importing the web app).
export { adminEmails, checkEnvAtStart, entraConfigured, env, parseEnv, type Env } from '../../config/env'
