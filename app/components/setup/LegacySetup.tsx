import { useState } from 'react'
import { useToast } from '~/components/toast'
import { fetchJson } from '~/components/json'
import { LimitsBox } from './LimitsBox'
import { fallbackFramework } from '~/domain/framework'
import { MAX_COMPETITORS, MAX_QUERIES, MAX_QUERIES_LIGHT } from '~/domain/limits'
import { ReviewArea, useReviewLists, type SetupLimits } from './ReviewArea'
import { EditingNote, emptySetupForm, isDuplicateProject, SetupFields, setupErrors, setupFormOf, type SetupErrors, type SetupProject } from './SetupFields'

export type { SetupLimits } from './ReviewArea'

export function LegacySetup({ limits, existingProjects, initial }: { limits: SetupLimits; existingProjects: { name: string; brandDomain: string }[]; initial?: SetupProject | null }) {
  const toast = useToast()
  const lightLocked = limits.tier === 'light'
  const [form, setForm] = useState(() => (initial ? setupFormOf(initial, lightLocked) : emptySetupForm(lightLocked)))
  const [errors, setErrors] = useState<SetupErrors>({})
  const [generating, setGenerating] = useState(false)
  const lists = useReviewLists(initial ? { brand: initial.brandDetails, competitors: initial.competitorDetails, queries: initial.queriesWithAudience } : undefined)
  const { brand, setBrand, setCompetitors, setQueries } = lists
  const isLight = lightLocked || form.isLightMode
  const maxQueries = isLight ? MAX_QUERIES_LIGHT : MAX_QUERIES
  const duplicate = isDuplicateProject(form, existingProjects)

  const validate = (): boolean => {
    const e = setupErrors(form)
    setErrors(e)
    return Object.keys(e).length === 0
  }

  const generate = async () => {
    if (!validate()) return
    setGenerating(true)
    try {
      const { marketType: _legacyHasNoMarketType, ...fields } = form
      const data = await fetchJson('/api/generate-framework', { body: { ...fields, isLightMode: isLight } })
      setBrand({ name: form.brandDomain.trim(), alternativeNames: [], domains: data.brandDetails?.domains ?? [] })
      setCompetitors((data.competitorDetails ?? data.competitors.map((n: string) => ({ name: n, alternativeNames: [], domains: [] }))).slice(0, MAX_COMPETITORS))
      setQueries(data.queries.slice(0, maxQueries).map((q: string) => ({ query: q })))
      toast({ title: 'Framework Generated', description: `${data.competitors.length} competitors and ${data.queries.length} queries`, variant: 'success' })
    } catch {
      const fb = fallbackFramework({ brand: form.brandDomain, market: form.marketDescription, region: form.marketRegion, isLightMode: isLight })
      setBrand({ name: form.brandDomain.trim(), alternativeNames: [], domains: [] })
      setCompetitors(fb.competitors)
      setQueries(fb.queries.map((q) => ({ query: q })))
      toast({ title: 'Generation Failed', description: 'Using fallback data for framework generation.', variant: 'destructive' })
    } finally {
      setGenerating(false)
    }
  }

  return (
    <div>
      <h1>Brand &amp; Market Definition</h1>
      {initial && <EditingNote name={initial.name} />}
      <div className="grid-2">
        <form
          className="panel"
          onSubmit={(e) => {
            e.preventDefault()
            void generate()
          }}
        >
          <SetupFields form={form} setForm={setForm} errors={errors} lightLocked={lightLocked} />
          <button className="btn btn-primary" type="submit" disabled={generating || !limits.isActive || (!duplicate && !limits.canCreateProject)}>
            {generating ? 'Generating...' : 'Generate Analysis Framework'}
          </button>
          <LimitsBox limits={limits} duplicate={duplicate} />
        </form>
        <div className="panel">
          <h2>How It Works</h2>
          <ol>
            <li>AI identifies the top 19 competitors from your brand name and market.</li>
            <li>It generates {isLight ? 20 : 40} relevant search-style queries.</li>
            <li>You review and customise both before the analysis runs.</li>
          </ol>
        </div>
      </div>

      {brand && (
        <ReviewArea
          {...lists}
          brand={brand}
          limits={limits}
          duplicate={duplicate}
          maxQueries={maxQueries}
          validate={validate}
          volumes={initial?.volumes}
          projectBody={() => {
            const { marketType: _legacyHasNoMarketType, ...fields } = form
            return { ...fields, isLightMode: isLight }
          }}
        />
      )}
    </div>
  )
}

