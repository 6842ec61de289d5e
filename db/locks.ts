import type postgres from 'postgres'

/** The advisory-lock namespace of per-user work (creating projects, starting runs, changing a model's answers). */
const USER_LOCK = 4242

/**
 * Holds the user's lock until the transaction ends: quota, daily-limit, duplicate and run checks made under it
 * hold for simultaneous requests of the same user (the app's requests and the scheduled runs alike).
 */
export async function lockUser(tx: postgres.TransactionSql<any>, userId: number) {
  await tx`select pg_advisory_xact_lock(${USER_LOCK}, ${userId})`
}
