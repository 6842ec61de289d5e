/**
 * The numbered phases of the home route. Users and bookmarks address them as `/?phase=N` (that number is public and
 * stays); code names them by key. The sidebar's labels live with the sidebar (app/components/app-shell.tsx).
 */
export const HOME_PHASES = [
  { n: 1, key: 'setup' },
  { n: 2, key: 'results' },
  { n: 3, key: 'trends' },
  { n: 4, key: 'sources' },
  { n: 5, key: 'optimiser' },
  { n: 6, key: 'ideator' },
  { n: 7, key: 'chat' },
  { n: 8, key: 'settings' },
] as const

export type HomePhaseKey = (typeof HOME_PHASES)[number]['key']

/**
 * `?phase=` read as a key: 'none' when absent, 0 or not a number (home then shows the results area with the
 * "select a project" text), 'unknown' for a number no phase has.
 */
export type HomePhase = { key: HomePhaseKey | 'none' | 'unknown'; n: number }

export function homePhaseOf(param: string | null): HomePhase {
  const n = Number(param ?? 0) || 0
  if (n === 0) return { key: 'none', n: 0 }
  return { key: HOME_PHASES.find((p) => p.n === n)?.key ?? 'unknown', n }
}

export function phaseNumber(key: HomePhaseKey): number {
  return HOME_PHASES.find((p) => p.key === key)!.n
}

/**
 * A link into the home route: `/?phase=N` then the given parameters in order (empty values left out), e.g.
 * homeHref('results', { project: 3, tab: 'overview' }) is '/?phase=2&project=3&tab=overview'.
 */
export function homeHref(key: HomePhaseKey, params: Record<string, string | number | null | undefined> = {}): string {
  const parts = [`phase=${phaseNumber(key)}`]
  for (const [k, v] of Object.entries(params)) if (v !== null && v !== undefined && v !== '') parts.push(`${k}=${encodeURIComponent(String(v))}`)
  return `/?${parts.join('&')}`
}
