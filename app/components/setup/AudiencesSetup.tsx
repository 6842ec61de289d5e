import { Link } from '@remix-run/react'
import { useEffect, useRef, useState } from 'react'
import { useToast } from '~/components/toast'
import {
  ADVERTISED_AUDIENCE_QUERIES,
  CUSTOM_TOPIC_MAX,
  LIGHT_TIER_MESSAGE,
  MAX_RELEVANCE,
  MAX_SELECTED_TOPICS,
  MAX_TOPIC_QUERIES,
  QUERIES_PER_TOPIC,
  REGENERATE_CONFIRM,
  ROLE_BASED_COUNT,
  audienceContextOf,
  audienceFailureText,
  audienceQueryTotal,
  customTopicProblem,
  newCustomAudience,
  savedAudiencesAndTopics,
  spreadEvenly,
  toSavedAudience,
  topicQueryTotal,
  type Audience,
  type Topic,
} from '~/domain/audiences'
import { fallbackFramework } from '~/domain/framework'
import { MAX_QUERIES, MAX_QUERIES_LIGHT } from '~/domain/limits'
import { LimitsBox } from './LimitsBox'
import { postJson, ReviewArea, useReviewLists, type QueryItem, type SetupLimits } from './ReviewArea'
import { EditingNote, emptySetupForm, isDuplicateProject, SetupFields, setupErrors, setupFormOf, type SetupErrors, type SetupProject } from './SetupFields'

/** Session flag (§2): when set, the page scrolls smoothly to the setup section after 500 ms and clears it. */
export const SCROLL_TO_SETUP_KEY = 'scrollToSetup'

/**
 * Sets the session flag before sending the user to a setup tab (§2 Source Insights: 'a session flag can redirect to a
 * setup tab and scroll to the section'); the setup screen reads it once on arrival.
 */
export function requestSetupScroll() {
  sessionStorage.setItem(SCROLL_TO_SETUP_KEY, 'true')
}

/** Sections scrolled to stop below the sticky header (.app-header, 56 px) instead of under it. */
const SCROLL_MARGIN = { scrollMarginTop: 64 }

const HELP = [
  '1. AI identifies 20+ audience personas for your market.',
  '2. You select the audiences and topics that matter.',
  `3. AI generates up to ${ADVERTISED_AUDIENCE_QUERIES} queries written the way they ask.`,
  '4. AI identifies your top 19 competitors.',
].join('\n')

const EDITOR_HELP = 'About 20 personas. Click any text to edit it; add or remove audiences. Queries are distributed evenly among the selected audiences.'

type Detail = 'characteristics' | 'searchBehavior' | 'painPoints' | 'decisionFactors'
const DETAILS: [Detail, string][] = [
  ['characteristics', 'Traits'],
  ['searchBehavior', 'Search'],
  ['painPoints', 'Pain Points'],
  ['decisionFactors', 'Factors'],
]

/** Click-to-edit text: Enter (or leaving the field) saves, Escape cancels (§2 audience editor). */
function EditableText({ value, label, onSave, multiline }: { value: string; label: string; onSave: (v: string) => void; multiline?: boolean }) {
  const [draft, setDraft] = useState<string | null>(null)
  if (draft === null)
    return (
      <span role="button" tabIndex={0} className="editable" data-edit={label} title={`Click to edit the ${label.toLowerCase()}`} onClick={() => setDraft(value)} onKeyDown={(e) => e.key === 'Enter' && setDraft(value)}>
        {value || <span className="muted">(empty)</span>}
      </span>
    )
  const save = () => {
    const v = draft.replace(/\s+/g, ' ').trim()
    if (v && v !== value) onSave(v)
    setDraft(null)
  }
  const props = {
    'aria-label': label,
    autoFocus: true,
    value: draft,
    onBlur: save,
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => setDraft(e.target.value),
    onKeyDown: (e: React.KeyboardEvent) => {
      if (e.key === 'Enter' && !e.shiftKey) {
        e.preventDefault()
        save()
      } else if (e.key === 'Escape') setDraft(null)
    },
    style: { width: '100%' },
  }
  return multiline ? <textarea rows={2} {...props} /> : <input {...props} />
}

/**
 * The ask-as-persona value to save after Proceed, or null to leave the stored one: it is on only while some query has
 * an audience, and is saved whenever it differs from the project's (`stored`: false for a new project, null when the
 * stored value could not be read, in which case only a change the user made is saved).
 */
export function askAsPersonaToSave(checked: boolean, hasAudienceQueries: boolean, stored: boolean | null, touched: boolean): boolean | null {
  const value = checked && hasAudienceQueries
  if (stored === null) return touched ? value : null
  return value === stored ? null : value
}

export function AudiencesSetup({ limits, existingProjects, initial }: { limits: SetupLimits; existingProjects: { name: string; brandDomain: string }[]; initial?: SetupProject | null }) {
  const toast = useToast()
  const lightTier = limits.tier === 'light'
  const saved = initial ? savedAudiencesAndTopics(initial) : null
  const [form, setForm] = useState(() => (initial ? setupFormOf(initial, lightTier) : emptySetupForm(lightTier)))
  const [errors, setErrors] = useState<SetupErrors>({})
  const [pending, setPending] = useState<null | 'audiences' | 'audience-queries' | 'topic-queries'>(null)
  const [audiences, setAudiences] = useState<Audience[]>(saved?.audiences ?? [])
  const [topics, setTopics] = useState<Topic[]>(saved?.topics ?? [])
  const [selectedAudiences, setSelectedAudiences] = useState<string[]>(saved?.selectedAudiences ?? [])
  const [selectedTopics, setSelectedTopics] = useState<string[]>(saved?.selectedTopics ?? [])
  const [expanded, setExpanded] = useState<string[]>([])
  const [customTopic, setCustomTopic] = useState('')
  const [customCount, setCustomCount] = useState(0)
  const [queriesFrom, setQueriesFrom] = useState<null | 'audiences' | 'topics'>(null)
  const [askAsPersona, setAskAsPersona] = useState(false)
  // The project's stored option (edit mode reads it; a new project holds false) and whether the user changed the box.
  const storedAsker = useRef<boolean | null>(initial ? null : false)
  const askerTouched = useRef(false)
  const editingId = initial?.id
  const lists = useReviewLists(initial ? { brand: initial.brandDetails, competitors: initial.competitorDetails, queries: initial.queriesWithAudience } : undefined)
  const { brand, setBrand, setCompetitors, queries, setQueries } = lists
  const setupRef = useRef<HTMLDivElement>(null)
  const pickerRef = useRef<HTMLDivElement>(null)
  const reviewRef = useRef<HTMLDivElement>(null)
  const isLight = lightTier || form.isLightMode
  const duplicate = isDuplicateProject(form, existingProjects)
  const generateBlocked = lightTier || !limits.isActive || (!duplicate && !limits.canCreateProject)

  useEffect(() => {
    if (editingId === undefined) return
    let live = true
    fetch(`/api/projects/${editingId}/audiences`, { headers: { accept: 'application/json' } })
      .then((r) => (r.ok ? r.json() : null))
      .then((d) => {
        if (!live || typeof d?.askAsPersona !== 'boolean') return
        storedAsker.current = d.askAsPersona
        if (!askerTouched.current) setAskAsPersona(d.askAsPersona)
      })
      .catch((err) => console.warn('Reading the persona option failed:', err))
    return () => {
      live = false
    }
  }, [editingId])

  useEffect(() => {
    if (!sessionStorage.getItem(SCROLL_TO_SETUP_KEY)) return
    const t = setTimeout(() => {
      setupRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' })
      sessionStorage.removeItem(SCROLL_TO_SETUP_KEY)
    }, 500)
    return () => clearTimeout(t)
  }, [])

  const scrollTo = (ref: React.RefObject<HTMLDivElement>) => setTimeout(() => ref.current?.scrollIntoView({ behavior: 'smooth', block: 'start' }), 50)

  const validate = () => {
    const e = setupErrors(form)
    setErrors(e)
    return Object.keys(e).length === 0
  }
  const fields = () => ({ ...form, isLightMode: isLight })

  const generateAudiences = async () => {
    if (!validate() || generateBlocked) return
    if (audiences.length > 0 && !window.confirm(REGENERATE_CONFIRM)) return
    setPending('audiences')
    setSelectedAudiences([])
    setSelectedTopics([])
    try {
      const data = await postJson('/api/generate-audiences-topics', fields())
      if (!Array.isArray(data?.audiences) || !Array.isArray(data?.topics)) throw new Error('Invalid response from server - please try again')
      setAudiences(data.audiences)
      setTopics(data.topics)
      toast({ title: 'Audiences & Topics Generated', description: `${data.audiences.length} audiences and ${data.topics.length} topics`, variant: 'success' })
      scrollTo(pickerRef)
    } catch (err) {
      setAudiences([])
      setTopics([])
      toast({ title: 'Generation Failed', description: audienceFailureText(err instanceof Error ? err.message : ''), variant: 'destructive' })
    } finally {
      setPending(null)
    }
  }

  const showReview = (data: any, from: 'audiences' | 'topics', list: QueryItem[]) => {
    setBrand({ name: form.brandDomain.trim(), alternativeNames: [], domains: data?.brandDetails?.domains ?? [] })
    setCompetitors(data?.competitorDetails ?? [])
    setQueries(list)
    setQueriesFrom(from)
    scrollTo(reviewRef)
  }

  /** Generating one kind of queries replaces a list of the other kind: said and confirmed first (issue 28 §4), never silent. */
  const replaceConfirmed = (next: 'audiences' | 'topics') => {
    const from = queriesFrom ?? (queries.some((q) => q.topic) ? 'topics' : queries.some((q) => q.audience) ? 'audiences' : null)
    if (!from || from === next || queries.length === 0) return true
    const what = (k: 'audiences' | 'topics') => (k === 'audiences' ? 'audience' : 'topic')
    return window.confirm(`Generating ${what(next)} queries replaces the ${queries.length} ${what(from)} queries in the list, with your edits. Continue?`)
  }

  const generateAudienceQueries = async () => {
    const chosen = audiences.filter((a) => selectedAudiences.includes(a.id))
    if (chosen.length === 0) return toast({ title: 'No Audiences Selected', description: 'Please select at least one audience to generate queries for.', variant: 'destructive' })
    if (!replaceConfirmed('audiences')) return
    setPending('audience-queries')
    try {
      const data = await postJson('/api/generate-audience-queries', { ...fields(), audiences: chosen, topics: topics.map(({ id, name, relevance }) => ({ id, name, relevance })) })
      showReview(data, 'audiences', data.queries)
      toast({ title: 'Audience Queries Generated', description: `${data.queries.length} queries for ${chosen.length} audiences`, variant: 'success' })
    } catch {
      // §7: the client falls back to placeholder data, spread over the selected audiences.
      const fb = fallbackFramework({ brand: form.brandDomain, market: form.marketDescription, region: form.marketRegion, isLightMode: isLight })
      const counts = spreadEvenly(audienceQueryTotal(isLight), chosen.length)
      let next = 0
      const list = chosen.flatMap((a, i) => fb.queries.slice(next, (next += counts[i])).map((query) => ({ query, topic: null, audience: a.name, audienceContext: audienceContextOf(a) })))
      showReview({ competitorDetails: fb.competitors }, 'audiences', list)
      toast({ title: 'Generation Failed', description: 'Using fallback data for query generation.', variant: 'destructive' })
    } finally {
      setPending(null)
    }
  }

  const generateTopicQueries = async () => {
    const chosen = topics.filter((t) => selectedTopics.includes(t.id))
    if (chosen.length === 0) return
    if (!replaceConfirmed('topics')) return
    setPending('topic-queries')
    try {
      const connected = new Set(chosen.flatMap((t) => t.audienceIds))
      const data = await postJson('/api/generate-topic-queries', {
        ...fields(),
        topics: chosen.map(({ id, name, relevance, audienceIds }) => ({ id, name, relevance, audienceIds: audienceIds.filter((a) => audiences.some((x) => x.id === a)) })),
        audiences: audiences.filter((a) => connected.has(a.id)),
        maxQueries: MAX_TOPIC_QUERIES,
      })
      showReview(data, 'topics', data.queries)
      toast({ title: 'Topic Queries Generated', description: `${data.queries.length} queries for ${chosen.length} topics`, variant: 'success' })
    } catch {
      toast({ title: 'Generation Failed', description: 'Failed to generate topic-based queries. Please try again.', variant: 'destructive' })
    } finally {
      setPending(null)
    }
  }

  const toggleAudience = (id: string) => setSelectedAudiences((s) => (s.includes(id) ? s.filter((x) => x !== id) : [...s, id]))
  const toggleTopic = (id: string) => setSelectedTopics((s) => (s.includes(id) ? s.filter((x) => x !== id) : s.length >= MAX_SELECTED_TOPICS ? s : [...s, id]))
  const updateAudience = (id: string, patch: Partial<Audience>) => setAudiences((list) => list.map((a) => (a.id === id ? { ...a, ...patch } : a)))
  const removeAudience = (id: string) => {
    setAudiences((list) => list.filter((a) => a.id !== id))
    setSelectedAudiences((s) => s.filter((x) => x !== id))
  }
  const addAudience = () => {
    const a = newCustomAudience(customCount + 1)
    setCustomCount((n) => n + 1)
    setAudiences((list) => [...list, a])
    setSelectedAudiences((s) => [...s, a.id])
  }
  const addCustomTopic = () => {
    const problem = customTopicProblem(customTopic, topics)
    if (problem) return toast({ title: 'Invalid Topic', description: problem, variant: 'destructive' })
    const t: Topic = { id: `custom-topic-${customCount + 1}`, name: customTopic.replace(/\s+/g, ' ').trim(), relevance: 5, audienceIds: [] }
    setCustomCount((n) => n + 1)
    setTopics((list) => [...list, t])
    if (selectedTopics.length < MAX_SELECTED_TOPICS) setSelectedTopics((s) => [...s, t.id])
    setCustomTopic('')
  }

  const sortedTopics = [...topics].sort((a, b) => b.relevance - a.relevance)
  const audienceName = new Map(audiences.map((a) => [a.id, a.name]))
  const topicQueries = topicQueryTotal(selectedTopics.length, MAX_TOPIC_QUERIES, isLight)
  const estimate = selectedTopics.length ? topicQueries : selectedAudiences.length ? audienceQueryTotal(isLight) : 0
  const maxQueries = isLight ? MAX_QUERIES_LIGHT : queries.some((q) => q.topic) ? MAX_TOPIC_QUERIES : MAX_QUERIES
  const generateLabel = lightTier
    ? 'Upgrade to Use Audiences & Topics'
    : pending === 'audiences'
      ? 'Generating Audiences...'
      : audiences.length
        ? 'Regenerate Audiences & Topics'
        : 'Generate Audiences & Topics'

  const audienceCard = (a: Audience) => {
    const open = expanded.includes(a.id)
    return (
      <div key={a.id} className="panel audience-card" data-testid="audience-card" style={{ position: 'relative', padding: '.75rem' }}>
        <div style={{ display: 'flex', gap: '.5rem', alignItems: 'flex-start' }}>
          <input type="checkbox" aria-label={`Select ${a.name}`} checked={selectedAudiences.includes(a.id)} onChange={() => toggleAudience(a.id)} />
          <div style={{ flex: 1 }}>
            <strong>
              <EditableText value={a.name} label="Audience name" onSave={(name) => updateAudience(a.id, { name })} />
            </strong>
            <div className="muted">
              <EditableText value={a.description} label="Audience description" multiline onSave={(description) => updateAudience(a.id, { description })} />
            </div>
            {open &&
              DETAILS.map(([key, label]) => (
                <div key={key} style={{ marginTop: '.25rem' }}>
                  <span className="badge">{label}</span> <EditableText value={a[key]} label={label} multiline onSave={(v) => updateAudience(a.id, { [key]: v })} />
                </div>
              ))}
            <button className="btn btn-small" type="button" onClick={() => setExpanded((s) => (open ? s.filter((x) => x !== a.id) : [...s, a.id]))}>
              {open ? 'Show Less' : 'Show More'}
            </button>
          </div>
          <button className="btn btn-small audience-delete" type="button" aria-label={`Delete ${a.name}`} title="Remove audience" onClick={() => removeAudience(a.id)}>
            ✕
          </button>
        </div>
      </div>
    )
  }

  return (
    <div ref={setupRef} id="setup-section" style={SCROLL_MARGIN}>
      <h1>
        Brand &amp; Market Definition{' '}
        <span className="help" role="img" aria-label="How it works" title={HELP} data-testid="setup-help">
          ⓘ
        </span>
      </h1>
      {initial && <EditingNote name={initial.name} />}
      <div className="grid-2">
        <form
          className="panel"
          onSubmit={(e) => {
            e.preventDefault()
            void generateAudiences()
          }}
        >
          <SetupFields form={form} setForm={setForm} errors={errors} lightLocked={lightTier} withMarketType />
          {lightTier && (
            <p className="warning-box" data-testid="light-tier-note">
              {LIGHT_TIER_MESSAGE} <Link to="/?phase=1&tab=setup">Open Legacy setup</Link>
            </p>
          )}
          <button className="btn btn-primary" type="submit" disabled={Boolean(pending) || generateBlocked}>
            {generateLabel}
          </button>
          <LimitsBox limits={limits} duplicate={duplicate} />
        </form>
        <div className="panel">
          <h2>How It Works</h2>
          <ol>
            {HELP.split('\n').map((line) => (
              <li key={line}>{line.replace(/^\d\. /, '')}</li>
            ))}
          </ol>
        </div>
      </div>

      {audiences.length + topics.length > 0 && (
        <div ref={pickerRef} style={SCROLL_MARGIN}>
          <div className="grid-4" style={{ display: 'grid', gridTemplateColumns: 'repeat(4, 1fr)', gap: '.75rem', margin: '1rem 0' }} data-testid="audience-stats">
            {[
              ['Audiences', audiences.length],
              ['Topics', topics.length],
              ['Selected', selectedAudiences.length + selectedTopics.length],
              ['Queries (est)', estimate],
            ].map(([label, n]) => (
              <div key={label} className="panel" style={{ textAlign: 'center' }}>
                <div style={{ fontSize: '1.5rem', fontWeight: 700 }} data-testid={`stat-${String(label).replace(/\W+/g, '-').toLowerCase()}`}>
                  {n}
                </div>
                <div className="muted">{label}</div>
              </div>
            ))}
          </div>

          <div className="panel">
            <h2>Topics</h2>
            <p className="muted">Select up to {MAX_SELECTED_TOPICS} topics ({QUERIES_PER_TOPIC} queries each), sorted by relevance.</p>
            <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))', gap: '.5rem' }}>
              {sortedTopics.map((t) => {
                const on = selectedTopics.includes(t.id)
                const connected = t.audienceIds.map((id) => audienceName.get(id)).filter(Boolean) as string[]
                return (
                  <button
                    key={t.id}
                    type="button"
                    data-testid="topic-card"
                    aria-pressed={on}
                    disabled={!on && selectedTopics.length >= MAX_SELECTED_TOPICS}
                    className={`panel topic-card${on ? ' selected' : ''}`}
                    style={{ textAlign: 'left', borderColor: on ? 'var(--accent, #2563eb)' : undefined, borderWidth: on ? 2 : 1 }}
                    onClick={() => toggleTopic(t.id)}
                  >
                    <strong>{t.name}</strong>
                    <div aria-label={`Relevance ${t.relevance} of ${MAX_RELEVANCE}`} style={{ display: 'flex', alignItems: 'center', gap: '.25rem' }}>
                      <div style={{ flex: 1, height: 6, background: '#e5e7eb', borderRadius: 3 }}>
                        <div style={{ width: `${(t.relevance / MAX_RELEVANCE) * 100}%`, height: 6, background: '#2563eb', borderRadius: 3 }} />
                      </div>
                      <span className="muted">{t.relevance}/10</span>
                    </div>
                    {connected.length > 0 && (
                      <div className="muted" style={{ fontSize: '.8em' }}>
                        {connected.slice(0, 3).join(', ')}
                        {connected.length > 3 ? ` +${connected.length - 3}` : ''}
                      </div>
                    )}
                  </button>
                )
              })}
            </div>
            <div className="list-row" style={{ marginTop: '.5rem' }}>
              <input
                aria-label="Custom topic"
                placeholder="Add a custom topic"
                maxLength={CUSTOM_TOPIC_MAX}
                value={customTopic}
                onChange={(e) => setCustomTopic(e.target.value)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') {
                    e.preventDefault()
                    addCustomTopic()
                  }
                }}
              />
              <button className="btn btn-small" type="button" disabled={!customTopic.trim()} onClick={addCustomTopic}>
                Add Topic
              </button>
            </div>
            <details style={{ marginTop: '.75rem' }}>
              <summary>Need-Based Audiences ({audiences.filter((a) => a.type === 'need-based').length})</summary>
              <ul>
                {audiences.filter((a) => a.type === 'need-based').map((a) => (
                  <li key={a.id}>
                    <strong>{a.name}</strong> — {a.description}
                  </li>
                ))}
              </ul>
            </details>
            <details>
              <summary>Demographic Audiences ({audiences.filter((a) => a.type === 'demographic').length})</summary>
              <ul>
                {audiences.filter((a) => a.type === 'demographic').map((a) => (
                  <li key={a.id}>
                    <strong>{a.name}</strong> — {a.description}
                  </li>
                ))}
              </ul>
            </details>
            {selectedTopics.length > 0 && (
              <div className="panel" data-testid="ready-summary" style={{ marginTop: '.75rem' }}>
                <h3>Ready to Generate Queries</h3>
                <p>
                  {selectedTopics.length} topics selected: {sortedTopics.filter((t) => selectedTopics.includes(t.id)).map((t) => t.name).join(', ')}
                </p>
                <button className="btn btn-primary" type="button" disabled={Boolean(pending)} onClick={() => void generateTopicQueries()}>
                  {pending === 'topic-queries' ? 'Generating Queries...' : `Generate ${selectedTopics.length * QUERIES_PER_TOPIC} Queries`}
                </button>
              </div>
            )}
          </div>

          <div className="panel" style={{ marginTop: '1rem' }}>
            <h2>
              Edit &amp; Select Target Audiences{' '}
              <span className="help" role="img" aria-label="About the audience editor" title={EDITOR_HELP}>
                ⓘ
              </span>
            </h2>
            <h3>Role-Based Personas</h3>
            <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(280px, 1fr))', gap: '.5rem' }}>{audiences.slice(0, ROLE_BASED_COUNT).map(audienceCard)}</div>
            {audiences.length > ROLE_BASED_COUNT && (
              <>
                <h3>Demographic-Based Personas</h3>
                <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(280px, 1fr))', gap: '.5rem' }}>{audiences.slice(ROLE_BASED_COUNT).map(audienceCard)}</div>
              </>
            )}
            <div style={{ display: 'flex', gap: '.5rem', marginTop: '.75rem', flexWrap: 'wrap' }}>
              <button className="btn" type="button" onClick={addAudience}>
                Add New Audience
              </button>
              <button className="btn" type="button" disabled={Boolean(pending) || generateBlocked} onClick={() => void generateAudiences()}>
                {pending === 'audiences' ? 'Generating Audiences...' : 'Regenerate Audiences & Topics'}
              </button>
              <button className="btn btn-primary" type="button" disabled={selectedAudiences.length === 0 || Boolean(pending)} onClick={() => void generateAudienceQueries()}>
                {pending === 'audience-queries'
                  ? 'Generating Queries...'
                  : `${queriesFrom === 'audiences' ? 'Regenerate Queries' : 'Generate Audience Queries'} (${selectedAudiences.length} selected)`}
              </button>
            </div>
          </div>
        </div>
      )}

      {brand && (
        <div ref={reviewRef} style={{ marginTop: '1rem', ...SCROLL_MARGIN }}>
          <label className="panel" style={{ display: 'flex', gap: '.5rem', alignItems: 'flex-start', marginBottom: '1rem' }} data-testid="ask-as-persona">
            {/* Shown ticked only while it applies: with no audience query left it would be saved off (askAsPersonaToSave). */}
            <input type="checkbox" aria-label="Ask as persona" checked={askAsPersona && queries.some((q) => q.audience)} disabled={!queries.some((q) => q.audience)} onChange={(e) => {
                askerTouched.current = true
                setAskAsPersona(e.target.checked)
              }}
            />
            <span>
              <strong>Ask as persona</strong> (optional)
              <br />
              <span className="muted">
                Each query with an audience is also asked the way that persona would ask it (&ldquo;I&rsquo;m asking as Finance Manager (…). best payroll software&rdquo;), so the Audiences tab
                compares each persona&rsquo;s visibility with and without its context. One more answer per audience query and model.
              </span>
            </span>
          </label>
          <ReviewArea
            {...lists}
            brand={brand}
            limits={limits}
            duplicate={duplicate}
            maxQueries={maxQueries}
            topics={sortedTopics.map((t) => t.name)}
            validate={validate}
            volumes={initial?.volumes}
            projectBody={() => ({
              ...fields(),
              audiences: audiences.map((a) => ({ ...a, isSelectedForAnalysis: selectedAudiences.includes(a.id) })),
              topics: topics.map((t) => ({ id: t.id, name: t.name, relevance: t.relevance, isSelected: selectedTopics.includes(t.id) })),
            })}
            afterSave={async (projectId) => {
              const topicNames = new Map(topics.map((t) => [t.id, t.name]))
              const payload = audiences.map((a) =>
                toSavedAudience(a, { selected: selectedAudiences.includes(a.id), region: form.marketRegion, topicNames: a.topics.map((t) => topicNames.get(t) ?? '').filter(Boolean) }),
              )
              // §7: a failed save is only logged; the flow continues.
              await postJson('/api/audiences/save', { projectId, audiences: payload }).catch((err) => console.warn('Saving audiences failed:', err))
              // Saved on and off alike whenever it differs from the project's.
              // (A save that made a new project, e.g. under another name, holds false.)
              const stored = projectId === editingId ? storedAsker.current : false
              const asker = askAsPersonaToSave(askAsPersona, queries.some((q) => q.audience), stored, askerTouched.current)
              if (asker !== null)
                await postJson(`/api/projects/${projectId}/audiences`, { askAsPersona: asker })
                  .then(() => {
                    storedAsker.current = asker
                  })
                  .catch((err) => console.warn('Saving the persona option failed:', err))
            }}
          />
        </div>
      )}
    </div>
  )
}
