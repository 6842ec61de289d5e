/**
 * The analysis lifecycle: its statuses and its day. One definition for the app, the activities, the
 * components and the tests (the database column holds the same words).
 */
import type { BrandDef } from './metrics/brands'

export const ANALYSIS_STATUSES = ['pending', 'in_progress', 'processing', 'completed', 'failed', 'cancelled'] as const
export type AnalysisStatus = (typeof ANALYSIS_STATUSES)[number]

/** Statuses of an analysis that is still running (its workflow may still write). */
export const ACTIVE_STATUSES: readonly AnalysisStatus[] = ['pending', 'in_progress', 'processing']

export function isActiveStatus(status: string | null | undefined): boolean {
  return (ACTIVE_STATUSES as readonly string[]).includes(status ?? '')
}

/** A calendar day as the database's `date` column holds it: YYYY-MM-DD in UTC. */
export function isoDay(d: Date | string): string {
  return d instanceof Date ? d.toISOString().slice(0, 10) : String(d).slice(0, 10)
}

/** Today (UTC): an analysis belongs to the day it was started; one per project per day. */
export function today(now: Date = new Date()): string {
  return isoDay(now)
}

/** The brands an analysis measures, own brand first and marked, then the competitors in their order. */
export function brandList(brands: { brand: BrandDef; competitors: BrandDef[] }): BrandDef[] {
  return [{ ...brands.brand, isOwn: true }, ...brands.competitors.map((c) => ({ ...c, isOwn: false }))]
}
