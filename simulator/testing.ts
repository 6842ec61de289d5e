/** Helpers for tests that drive the simulator's control API. */
export async function simControl(url: string, path: '/__sim/config' | '/__sim/reset', body: unknown = {}): Promise<Record<string, unknown>> {
  const res = await fetch(url + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  const json = (await res.json()) as Record<string, unknown>
  if (!res.ok) throw new Error(`simulator ${path} answered ${res.status}: ${JSON.stringify(json)}`)
  return json
}

export interface SimStats {
  requests: number
  providers: Record<string, { requests: number; inFlight: number; maxInFlight: number; outcomes: Record<string, number> }>
}

export async function simStats(url: string): Promise<SimStats> {
  return (await (await fetch(url + '/__sim/stats')).json()) as SimStats
}
