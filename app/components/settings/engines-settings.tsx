/**
 * Analysis Settings → Engines: ask Google AI Overview, AI Mode, Bing Copilot and the ChatGPT app in the
 * project's next analyses, and choose the SERP provider that reads them. Full tier and admins; the owner changes it.
 */
import { useEffect, useState } from 'react'
import { useToast } from '~/components/toast'
import { callJson, failedAnswer } from '~/components/json'

interface ProjectEngines {
  enabled: boolean
  provider: 'dataforseo' | 'serpapi' | null
  effectiveProvider: 'dataforseo' | 'serpapi'
  allowed: boolean
}

const NAMES = { dataforseo: 'DataForSEO', serpapi: 'SerpApi' } as const

export function EnginesSettings({ projectId, canManage }: { projectId: number; canManage: boolean }) {
  const toast = useToast()
  const [state, setState] = useState<ProjectEngines | null>(null)
  useEffect(() => {
    let live = true
    void callJson<ProjectEngines>(`/api/projects/${projectId}/engines`)
      .then((r) => {
        if (live && r.ok) setState(r.data)
      })
      .catch(() => {})
    return () => {
      live = false
    }
  }, [projectId])
  if (!state) return null
  const save = async (next: { enabled: boolean; provider: ProjectEngines['provider'] }) => {
    const res = await callJson<ProjectEngines>(`/api/projects/${projectId}/engines`, { body: next }).catch(failedAnswer)
    if (!res.ok) return toast({ title: 'Engines not changed', description: res.detail || 'Please try again.', variant: 'destructive' })
    setState(res.data)
  }
  const disabled = !canManage || !state.allowed
  return (
    <div className="panel" data-testid="engines-settings">
      <label style={{ display: 'flex', gap: '.5rem', alignItems: 'center' }}>
        <input type="checkbox" checked={state.enabled} disabled={disabled} onChange={(e) => void save({ enabled: e.target.checked, provider: state.provider })} />
        Also ask what people see: Google AI Overview, Google AI Mode, Bing Copilot and the ChatGPT app (search on), in the project&apos;s market
      </label>
      <label style={{ display: 'block', marginTop: '.5rem' }}>
        Provider{' '}
        <select value={state.provider ?? ''} disabled={disabled} onChange={(e) => void save({ enabled: state.enabled, provider: (e.target.value || null) as ProjectEngines['provider'] })}>
          <option value="">Server default ({NAMES[state.effectiveProvider]})</option>
          <option value="dataforseo">DataForSEO</option>
          <option value="serpapi">SerpApi</option>
        </select>
      </label>
      <p className="muted" style={{ marginBottom: 0 }}>
        {state.allowed
          ? 'Each engine is one paid search per query and sample. DataForSEO has no Copilot and SerpApi no ChatGPT app: those always go to the provider that has them.'
          : 'Part of the Full tier (see Profile & Limits).'}
      </p>
    </div>
  )
}
