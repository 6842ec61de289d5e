/**
 * The Topics & Audiences setup's state and calls: the brand form, the audiences and topics generated for it (the
 * picker reducer), the query generation from either, the review lists, and what Proceed saves besides the project.
 */
import { useReducer, useState } from 'react'
import { errorText, fetchJson } from '~/components/json'
import { useToast } from '~/components/toast'
import {
  MAX_TOPIC_QUERIES,
  REGENERATE_CONFIRM,
  audienceContextOf,
  audienceFailureText,
  audienceQueryTotal,
  customTopicProblem,
  savedAudiencesAndTopics,
  spreadEvenly,
  toSavedAudience,
  topicQueryTotal,
} from '~/domain/audiences'
import { fallbackFramework } from '~/domain/framework'
import { MAX_QUERIES, MAX_QUERIES_LIGHT } from '~/domain/limits'
import { initialPicker, pickerReducer } from './audience-picker'
import { useReviewLists, type QueryItem, type SetupLimits } from './ReviewArea'
import { emptySetupForm, isDuplicateProject, setupErrors, setupFormOf, type SetupErrors, type SetupProject } from './SetupFields'
import { useAskAsPersona } from './use-ask-as-persona'

type Pending = null | 'audiences' | 'audience-queries' | 'topic-queries'

const scrollTo = (ref: React.RefObject<HTMLDivElement>) => setTimeout(() => ref.current?.scrollIntoView({ behavior: 'smooth', block: 'start' }), 50)

/** `refs`: the picker and the review, scrolled to when they fill. */
export function useAudiences({ limits, existingProjects, initial, refs }: { limits: SetupLimits; existingProjects: { name: string; brandDomain: string }[]; initial?: SetupProject | null; refs: { picker: React.RefObject<HTMLDivElement>; review: React.RefObject<HTMLDivElement> } }) {
  const toast = useToast()
  const lightTier = limits.tier === 'light'
  const [form, setForm] = useState(() => (initial ? setupFormOf(initial, lightTier) : emptySetupForm(lightTier)))
  const [errors, setErrors] = useState<SetupErrors>({})
  const [pending, setPending] = useState<Pending>(null)
  const [picker, dispatch] = useReducer(pickerReducer, initial ?? null, (i) => initialPicker(i ? savedAudiencesAndTopics(i) : null))
  const { audiences, topics, selectedAudiences, selectedTopics } = picker
  const [customTopic, setCustomTopic] = useState('')
  const [queriesFrom, setQueriesFrom] = useState<null | 'audiences' | 'topics'>(null)
  const asker = useAskAsPersona(initial?.id)
  const lists = useReviewLists(initial ? { brand: initial.brandDetails, competitors: initial.competitorDetails, queries: initial.queriesWithAudience } : undefined)
  const { setBrand, setCompetitors, queries, setQueries } = lists
  const isLight = lightTier || form.isLightMode
  const duplicate = isDuplicateProject(form, existingProjects)
  const generateBlocked = lightTier || !limits.isActive || (!duplicate && !limits.canCreateProject)

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
    dispatch({ type: 'generating' })
    try {
      const data = await fetchJson('/api/generate-audiences-topics', { body: fields() })
      if (!Array.isArray(data?.audiences) || !Array.isArray(data?.topics)) throw new Error('Invalid response from server - please try again')
      dispatch({ type: 'generated', audiences: data.audiences, topics: data.topics })
      toast({ title: 'Audiences & Topics Generated', description: `${data.audiences.length} audiences and ${data.topics.length} topics`, variant: 'success' })
      scrollTo(refs.picker)
    } catch (err) {
      dispatch({ type: 'failed' })
      toast({ title: 'Generation Failed', description: audienceFailureText(errorText(err, '')), variant: 'destructive' })
    } finally {
      setPending(null)
    }
  }

  const showReview = (data: any, from: 'audiences' | 'topics', list: QueryItem[]) => {
    setBrand({ name: form.brandDomain.trim(), alternativeNames: [], domains: data?.brandDetails?.domains ?? [] })
    setCompetitors(data?.competitorDetails ?? [])
    setQueries(list)
    setQueriesFrom(from)
    scrollTo(refs.review)
  }

  /** Generating one kind of queries replaces a list of the other kind: said and confirmed first, never silent. */
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
      const data = await fetchJson('/api/generate-audience-queries', { body: { ...fields(), audiences: chosen, topics: topics.map(({ id, name, relevance }) => ({ id, name, relevance })) } })
      showReview(data, 'audiences', data.queries)
      toast({ title: 'Audience Queries Generated', description: `${data.queries.length} queries for ${chosen.length} audiences`, variant: 'success' })
    } catch {
      // The client falls back to placeholder data, spread over the selected audiences.
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
      const data = await fetchJson('/api/generate-topic-queries', {
        body: {
          ...fields(),
          topics: chosen.map(({ id, name, relevance, audienceIds }) => ({ id, name, relevance, audienceIds: audienceIds.filter((a) => audiences.some((x) => x.id === a)) })),
          audiences: audiences.filter((a) => connected.has(a.id)),
          maxQueries: MAX_TOPIC_QUERIES,
        },
      })
      showReview(data, 'topics', data.queries)
      toast({ title: 'Topic Queries Generated', description: `${data.queries.length} queries for ${chosen.length} topics`, variant: 'success' })
    } catch {
      toast({ title: 'Generation Failed', description: 'Failed to generate topic-based queries. Please try again.', variant: 'destructive' })
    } finally {
      setPending(null)
    }
  }

  const addCustomTopic = () => {
    const problem = customTopicProblem(customTopic, topics)
    if (problem) return toast({ title: 'Invalid Topic', description: problem, variant: 'destructive' })
    dispatch({ type: 'addTopic', name: customTopic })
    setCustomTopic('')
  }

  const sortedTopics = [...topics].sort((a, b) => b.relevance - a.relevance)
  const hasAudienceQueries = queries.some((q) => q.audience)

  return {
    form,
    setForm,
    errors,
    validate,
    lightTier,
    duplicate,
    generateBlocked,
    pending,
    picker,
    dispatch,
    sortedTopics,
    estimate: selectedTopics.length ? topicQueryTotal(selectedTopics.length, MAX_TOPIC_QUERIES, isLight) : selectedAudiences.length ? audienceQueryTotal(isLight) : 0,
    customTopic,
    setCustomTopic,
    addCustomTopic,
    queriesFrom,
    generateAudiences,
    generateAudienceQueries,
    generateTopicQueries,
    lists,
    maxQueries: isLight ? MAX_QUERIES_LIGHT : queries.some((q) => q.topic) ? MAX_TOPIC_QUERIES : MAX_QUERIES,
    askAsPersona: { checked: asker.checked && hasAudienceQueries, enabled: hasAudienceQueries, change: asker.change },
    projectBody: () => ({
      ...fields(),
      audiences: audiences.map((a) => ({ ...a, isSelectedForAnalysis: selectedAudiences.includes(a.id) })),
      topics: topics.map((t) => ({ id: t.id, name: t.name, relevance: t.relevance, isSelected: selectedTopics.includes(t.id) })),
    }),
    afterSave: async (projectId: number) => {
      const topicNames = new Map(topics.map((t) => [t.id, t.name]))
      const payload = audiences.map((a) =>
        toSavedAudience(a, { selected: selectedAudiences.includes(a.id), region: form.marketRegion, topicNames: a.topics.map((t) => topicNames.get(t) ?? '').filter(Boolean) }),
      )
      // A failed save is only logged; the flow continues.
      await fetchJson('/api/audiences/save', { body: { projectId, audiences: payload } }).catch((err) => console.warn('Saving audiences failed:', err))
      // Saved on and off alike whenever it differs from the project's.
      await asker.save(projectId, hasAudienceQueries)
    },
  }
}

export type AudiencesState = ReturnType<typeof useAudiences>
