/**
 * The audiences and topics the AI proposed and the user's picks among them: which are selected, which audience
 * cards show their details, and the numbering of custom audiences and topics.
 */
import { MAX_SELECTED_TOPICS, newCustomAudience, type Audience, type Topic } from '~/domain/audiences'

export interface PickerState {
  audiences: Audience[]
  topics: Topic[]
  selectedAudiences: string[]
  selectedTopics: string[]
  /** Audience cards showing their four details. */
  expanded: string[]
  /** Custom audiences and topics added so far (they share one count, which numbers their ids). */
  customCount: number
}

export type PickerAction =
  | { type: 'generating' }
  | { type: 'generated'; audiences: Audience[]; topics: Topic[] }
  | { type: 'failed' }
  | { type: 'toggleAudience'; id: string }
  | { type: 'toggleTopic'; id: string }
  | { type: 'toggleExpanded'; id: string }
  | { type: 'updateAudience'; id: string; patch: Partial<Audience> }
  | { type: 'removeAudience'; id: string }
  | { type: 'addAudience' }
  /** `name` already checked by customTopicProblem. */
  | { type: 'addTopic'; name: string }

export function initialPicker(saved: { audiences: Audience[]; topics: Topic[]; selectedAudiences: string[]; selectedTopics: string[] } | null): PickerState {
  return { audiences: saved?.audiences ?? [], topics: saved?.topics ?? [], selectedAudiences: saved?.selectedAudiences ?? [], selectedTopics: saved?.selectedTopics ?? [], expanded: [], customCount: 0 }
}

const toggle = (list: string[], id: string) => (list.includes(id) ? list.filter((x) => x !== id) : [...list, id])

export function pickerReducer(s: PickerState, a: PickerAction): PickerState {
  switch (a.type) {
    // A new generation starts with nothing selected; the old lists stay until the answer replaces them.
    case 'generating':
      return { ...s, selectedAudiences: [], selectedTopics: [] }
    case 'generated':
      return { ...s, audiences: a.audiences, topics: a.topics }
    case 'failed':
      return { ...s, audiences: [], topics: [] }
    case 'toggleAudience':
      return { ...s, selectedAudiences: toggle(s.selectedAudiences, a.id) }
    // At most MAX_SELECTED_TOPICS topics: a further one is not selected.
    case 'toggleTopic':
      return { ...s, selectedTopics: s.selectedTopics.includes(a.id) ? s.selectedTopics.filter((x) => x !== a.id) : s.selectedTopics.length >= MAX_SELECTED_TOPICS ? s.selectedTopics : [...s.selectedTopics, a.id] }
    case 'toggleExpanded':
      return { ...s, expanded: toggle(s.expanded, a.id) }
    case 'updateAudience':
      return { ...s, audiences: s.audiences.map((x) => (x.id === a.id ? { ...x, ...a.patch } : x)) }
    case 'removeAudience':
      return { ...s, audiences: s.audiences.filter((x) => x.id !== a.id), selectedAudiences: s.selectedAudiences.filter((x) => x !== a.id) }
    // A new audience is added selected.
    case 'addAudience': {
      const added = newCustomAudience(s.customCount + 1)
      return { ...s, customCount: s.customCount + 1, audiences: [...s.audiences, added], selectedAudiences: [...s.selectedAudiences, added.id] }
    }
    // A custom topic is added selected while there is room.
    case 'addTopic': {
      const t: Topic = { id: `custom-topic-${s.customCount + 1}`, name: a.name.replace(/\s+/g, ' ').trim(), relevance: 5, audienceIds: [] }
      return { ...s, customCount: s.customCount + 1, topics: [...s.topics, t], selectedTopics: s.selectedTopics.length < MAX_SELECTED_TOPICS ? [...s.selectedTopics, t.id] : s.selectedTopics }
    }
  }
}
