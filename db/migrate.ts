import { readdir, readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import path from 'node:path'
import type postgres from 'postgres'

const migrationsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations')

/** Applies every numbered migration not yet recorded in schema_migrations, each in its own transaction. */
export async function migrate(sql: postgres.Sql<any>, log: (line: string) => void = () => {}) {
  await sql`create table if not exists schema_migrations (version text primary key, applied_at timestamptz not null default now())`
  // Two processes starting at once must not apply the same file twice.
  await sql.begin(async (tx) => {
    await tx`select pg_advisory_xact_lock(727274)`
    const applied = new Set((await tx<{ version: string }[]>`select version from schema_migrations`).map((r) => r.version))
    const files = (await readdir(migrationsDir)).filter((f) => /^\d+_.*\.sql$/.test(f)).sort()
    for (const file of files) {
      if (applied.has(file)) continue
      const text = await readFile(path.join(migrationsDir, file), 'utf8')
      await tx.unsafe(text)
      await tx`insert into schema_migrations (version) values (${file})`
      log(`applied migration ${file}`)
    }
  })
}
