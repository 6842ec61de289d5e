/**
 * The Content Recommendations state: the setup choices (opened on the latest saved ideas, if any), the ideas shown,
 * their selection, the generated-content dialog and the two generate calls (POST /api/content-recommendations/...).
 */
import { useRevalidator } from '@remix-run/react'
import { useState } from 'react'
import { callJson } from '~/components/json'
import { useToast } from '~/components/toast'
import { DEFAULT_CONTENT_TYPE, defaultIdeatorLanguage } from '~/domain/ideator/constants'
import { IDEATOR_MESSAGES } from '~/domain/ideator/requests'
import type { ContentIdea, GeneratedContent, IdeatorViewData, SavedIdeas } from '~/domain/ideator/types'
import { ideatorSetupBody, toggled } from './ideator-request'

const BASE = '/api/content-recommendations'

export function useIdeator(data: IdeatorViewData) {
  const toast = useToast()
  const revalidator = useRevalidator()
  const latest = data.saved[0] ?? null
  const [stage, setStage] = useState<'setup' | 'ideas'>(latest ? 'ideas' : 'setup')
  const [current, setCurrent] = useState<SavedIdeas | null>(latest)
  const [custom, setCustomState] = useState(latest?.isCustomQuery ?? false)
  const [projectQuery, setProjectQuery] = useState(latest && !latest.isCustomQuery ? latest.query : '')
  const [customQuery, setCustomQuery] = useState(latest?.isCustomQuery ? latest.query : '')
  const [brief, setBrief] = useState(latest?.userBrief ?? '')
  const [audienceId, setAudienceId] = useState('none')
  const [contentType, setContentType] = useState<string>(latest?.contentType ?? DEFAULT_CONTENT_TYPE)
  const [language, setLanguage] = useState<string>(latest?.language ?? defaultIdeatorLanguage(data.language))
  const [left, setLeft] = useState(data.ideasLeft)
  const [running, setRunning] = useState<null | 'ideas' | 'content'>(null)
  const [selected, setSelected] = useState<Set<string>>(new Set())
  const [expanded, setExpanded] = useState<Set<string>>(new Set())
  const [dialog, setDialog] = useState<GeneratedContent[] | null>(null)

  const query = custom ? customQuery.trim() : projectQuery
  const outOfQuota = left !== null && left <= 0
  const setup = () => ideatorSetupBody(data, { brief, audienceId, contentType, language })

  /** Toggling custom mode clears the other query field. */
  const setCustom = (on: boolean) => {
    setCustomState(on)
    if (on) setProjectQuery('')
    else setCustomQuery('')
  }

  async function generateIdeas() {
    if (custom && !customQuery.trim()) return toast({ title: IDEATOR_MESSAGES.generationFailed, description: IDEATOR_MESSAGES.noCustomQuery, variant: 'destructive' })
    if (!custom && !projectQuery) return toast({ title: IDEATOR_MESSAGES.generationFailed, description: IDEATOR_MESSAGES.noQuerySelected, variant: 'destructive' })
    setRunning('ideas')
    try {
      const res = await callJson(`${BASE}/generate-ideas`, { body: { ...setup(), query, isCustomQuery: custom } })
      if (!res.ok) return toast({ title: IDEATOR_MESSAGES.generationFailed, description: IDEATOR_MESSAGES.ideasFailedStatus(res.status, res.text), variant: 'destructive' })
      const ideas = res.data.ideas as ContentIdea[]
      setCurrent({
        id: res.data.id, query, isCustomQuery: custom, userBrief: brief, contentType, language, audience: setup().audience, grounding: res.data.grounding ?? null,
        ideas, contents: [], createdAt: new Date().toISOString(),
      })
      setLeft(res.data.ideasLeft ?? (left === null ? null : left - 1))
      setSelected(new Set())
      setExpanded(new Set())
      setStage('ideas')
      toast({ title: IDEATOR_MESSAGES.ideasGenerated, description: IDEATOR_MESSAGES.ideasGeneratedCount(ideas.length), variant: 'success' })
      revalidator.revalidate()
    } catch {
      toast({ title: IDEATOR_MESSAGES.generationFailed, description: IDEATOR_MESSAGES.ideasFailed, variant: 'destructive' })
    } finally {
      setRunning(null)
    }
  }

  async function generateContent() {
    if (!current) return
    const ideas = current.ideas.filter((i) => selected.has(i.id))
    if (!ideas.length) return toast({ title: IDEATOR_MESSAGES.generationFailed, description: IDEATOR_MESSAGES.noIdeasSelected, variant: 'destructive' })
    setRunning('content')
    try {
      const res = await callJson(`${BASE}/generate-content`, { body: { ...setup(), contentType: current.contentType, language: current.language, query: current.query, selectedIdeas: ideas } })
      if (!res.ok) return toast({ title: IDEATOR_MESSAGES.generationFailed, description: IDEATOR_MESSAGES.contentFailed, variant: 'destructive' })
      const contents = res.data.contents as GeneratedContent[]
      const ids = new Set(contents.map((c) => c.ideaId))
      setCurrent({ ...current, contents: [...current.contents.filter((c) => !ids.has(c.ideaId)), ...contents] })
      setDialog(contents)
      toast({ title: IDEATOR_MESSAGES.contentGenerated, variant: 'success' })
      revalidator.revalidate()
    } catch {
      toast({ title: IDEATOR_MESSAGES.generationFailed, description: IDEATOR_MESSAGES.contentFailed, variant: 'destructive' })
    } finally {
      setRunning(null)
    }
  }

  function newIdeas() {
    setCurrent(null)
    setSelected(new Set())
    setExpanded(new Set())
    setDialog(null)
    setStage('setup')
  }

  function openSaved(id: number) {
    const s = data.saved.find((x) => x.id === id)
    if (!s) return
    setCurrent(s)
    setSelected(new Set())
    setExpanded(new Set())
    setStage('ideas')
  }

  return {
    stage,
    current,
    custom,
    setCustom,
    projectQuery,
    setProjectQuery,
    customQuery,
    setCustomQuery,
    brief,
    setBrief,
    audienceId,
    setAudienceId,
    contentType,
    setContentType,
    language,
    setLanguage,
    left,
    outOfQuota,
    running,
    generateDisabled: !query || running !== null || outOfQuota || !data.isActive || !data.canGenerate,
    generateIdeas,
    generateContent,
    newIdeas,
    openSaved,
    selected,
    toggleSelected: (id: string) => setSelected((s) => toggled(s, id)),
    expanded,
    toggleExpanded: (id: string) => setExpanded((s) => toggled(s, id)),
    dialog,
    setDialog,
  }
}

export type IdeatorState = ReturnType<typeof useIdeator>
