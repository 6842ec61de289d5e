/** Saved audiences: the payload of a generated or custom audience, the custom-topic rule, and what a project has saved. */
import { CUSTOM_TOPIC_MAX, type Audience, type SavedAudience, type Topic } from './types'

/** The saved-audience payload of a generated or edited audience, with the defaults. */
export function toSavedAudience(a: Audience, opts: { selected: boolean; region?: string; topicNames?: string[] }): SavedAudience {
  const split = (s: string) => s.split(/[;,]\s*/).map((x) => x.trim()).filter(Boolean)
  return {
    id: a.id,
    name: a.name,
    description: a.description,
    type: a.type,
    topics: a.topics,
    characteristics: a.characteristics,
    searchBehavior: a.searchBehavior,
    painPoints: a.painPoints,
    decisionFactors: a.decisionFactors,
    demographics: { ageRange: '', location: opts.region ?? '', occupation: a.type === 'need-based' ? a.name : '', income: '', education: '' },
    psychographics: { mindset: a.characteristics, needs: opts.topicNames ?? [], painPoints: split(a.painPoints), values: split(a.decisionFactors), behaviors: split(a.searchBehavior) },
    llmBehavior: { promptStyle: 'conversational', searchPatterns: split(a.searchBehavior), languagePreferences: 'clear, concise', expectedOutputs: 'detailed analysis, recommendations' },
    isAiGenerated: !a.id.startsWith('custom-'),
    isSelectedForAnalysis: opts.selected,
  }
}

/** 'Add New Audience': a custom persona with placeholder texts. */
export function newCustomAudience(n: number): Audience {
  return {
    id: `custom-${n}`,
    name: 'New Audience',
    description: 'Describe who this audience is',
    type: 'need-based',
    topics: [],
    characteristics: 'Key traits of this audience',
    searchBehavior: 'How they search for answers',
    painPoints: 'Problems they want solved',
    decisionFactors: 'What drives their decision',
  }
}

/** Custom topic: trimmed, non-blank, at most 30 characters, not a duplicate. Returns the problem, or null. */
export function customTopicProblem(name: string, existing: Pick<Topic, 'name'>[]): string | null {
  const t = name.replace(/\s+/g, ' ').trim()
  if (!t) return 'Topic name cannot be empty'
  if (t.length > CUSTOM_TOPIC_MAX) return `Topic name must be at most ${CUSTOM_TOPIC_MAX} characters`
  if (existing.some((x) => x.name.toLowerCase() === t.toLowerCase())) return 'This topic already exists'
  return null
}

/**
 * The audiences and topics of a saved project, as the setup screen edits them (/?phase=1&project={id}):
 * the project keeps each audience's fields and selection and each topic's relevance and selection;
 * a topic's audiences are derived again from the audiences' topic ids.
 */
export function savedAudiencesAndTopics(project: { audiences: unknown[]; topics: { id: string; name: string; relevance: number; isSelected?: boolean }[] }) {
  const str = (v: unknown) => (typeof v === 'string' ? v : '')
  const audiences: Audience[] = []
  const selectedAudiences: string[] = []
  for (const raw of project.audiences) {
    if (!raw || typeof raw !== 'object') continue
    const a = raw as Record<string, unknown>
    const id = str(a.id)
    if (!id || !str(a.name)) continue
    audiences.push({
      id,
      name: str(a.name),
      description: str(a.description),
      type: a.type === 'demographic' ? 'demographic' : 'need-based',
      topics: Array.isArray(a.topics) ? a.topics.filter((t): t is string => typeof t === 'string') : [],
      characteristics: str(a.characteristics),
      searchBehavior: str(a.searchBehavior),
      painPoints: str(a.painPoints),
      decisionFactors: str(a.decisionFactors),
    })
    if (a.isSelectedForAnalysis === true) selectedAudiences.push(id)
  }
  const topics: Topic[] = project.topics.map((t) => ({ id: t.id, name: t.name, relevance: t.relevance, audienceIds: [] }))
  for (const a of audiences) for (const t of a.topics) topics.find((x) => x.id === t)?.audienceIds.push(a.id)
  return { audiences, topics, selectedAudiences, selectedTopics: project.topics.filter((t) => t.isSelected).map((t) => t.id) }
}
