import { describe, expect, it } from 'vitest'
import type { Audience, Topic } from '~/domain/audiences'
import { initialPicker, pickerReducer, type PickerState } from './audience-picker'

const audience = (id: string, name: string): Audience => ({
  id,
  name,
  description: `${name} buyers`,
  type: 'need-based',
  topics: [],
  characteristics: 'c',
  searchBehavior: 's',
  painPoints: 'p',
  decisionFactors: 'd',
})
const topic = (id: string, relevance = 5): Topic => ({ id, name: `Topic ${id}`, relevance, audienceIds: [] })

const start: PickerState = {
  ...initialPicker(null),
  audiences: [audience('a1', 'Finance Manager'), audience('a2', 'HR Lead')],
  topics: [topic('t1', 9), topic('t2', 4)],
}

describe('pickerReducer', () => {
  it('starts empty for a new project and from the saved picks when editing', () => {
    expect(initialPicker(null)).toEqual({ audiences: [], topics: [], selectedAudiences: [], selectedTopics: [], expanded: [], customCount: 0 })
    const saved = initialPicker({ audiences: [audience('a1', 'X')], topics: [topic('t1')], selectedAudiences: ['a1'], selectedTopics: ['t1'] })
    expect([saved.selectedAudiences, saved.selectedTopics, saved.customCount]).toEqual([['a1'], ['t1'], 0])
  })

  it('clears the picks when a generation starts, replaces the lists when it answers, empties them when it fails', () => {
    const picked = { ...start, selectedAudiences: ['a1'], selectedTopics: ['t2'] }
    const generating = pickerReducer(picked, { type: 'generating' })
    expect([generating.selectedAudiences, generating.selectedTopics, generating.audiences.length]).toEqual([[], [], 2])
    const done = pickerReducer(generating, { type: 'generated', audiences: [audience('n1', 'New')], topics: [] })
    expect(done.audiences.map((a) => a.id)).toEqual(['n1'])
    expect(done.topics).toEqual([])
    const failed = pickerReducer(picked, { type: 'failed' })
    expect([failed.audiences, failed.topics]).toEqual([[], []])
  })

  it('toggles audiences and expanded cards on and off', () => {
    let s = pickerReducer(start, { type: 'toggleAudience', id: 'a2' })
    s = pickerReducer(s, { type: 'toggleAudience', id: 'a1' })
    expect(s.selectedAudiences).toEqual(['a2', 'a1'])
    expect(pickerReducer(s, { type: 'toggleAudience', id: 'a2' }).selectedAudiences).toEqual(['a1'])
    s = pickerReducer(s, { type: 'toggleExpanded', id: 'a1' })
    expect(s.expanded).toEqual(['a1'])
    expect(pickerReducer(s, { type: 'toggleExpanded', id: 'a1' }).expanded).toEqual([])
  })

  it('selects at most 10 topics: the 11th is refused, and one can still be unselected', () => {
    const ids = ['t1', 't2', 't3', 't4', 't5', 't6', 't7', 't8', 't9', 't10']
    let s: PickerState = { ...start, topics: [...ids, 't11'].map((id) => topic(id)) }
    for (const id of ids) s = pickerReducer(s, { type: 'toggleTopic', id })
    expect(s.selectedTopics).toEqual(ids)
    expect(pickerReducer(s, { type: 'toggleTopic', id: 't11' }).selectedTopics).toEqual(ids)
    expect(pickerReducer(s, { type: 'toggleTopic', id: 't3' }).selectedTopics).toEqual(['t1', 't2', 't4', 't5', 't6', 't7', 't8', 't9', 't10'])
  })

  it('edits one audience and removes another from the list and the selection', () => {
    let s = { ...start, selectedAudiences: ['a1', 'a2'] }
    s = pickerReducer(s, { type: 'updateAudience', id: 'a2', patch: { name: 'People Lead' } })
    expect(s.audiences.map((a) => a.name)).toEqual(['Finance Manager', 'People Lead'])
    s = pickerReducer(s, { type: 'removeAudience', id: 'a1' })
    expect(s.audiences.map((a) => a.id)).toEqual(['a2'])
    expect(s.selectedAudiences).toEqual(['a2'])
  })

  it('numbers custom audiences and topics with one count, and adds them selected', () => {
    let s = pickerReducer(start, { type: 'addAudience' })
    s = pickerReducer(s, { type: 'addTopic', name: '  payroll   for  startups ' })
    s = pickerReducer(s, { type: 'addAudience' })
    expect(s.customCount).toBe(3)
    expect(s.audiences.map((a) => a.id)).toEqual(['a1', 'a2', 'custom-1', 'custom-3'])
    expect(s.audiences[2].name).toBe('New Audience')
    expect(s.selectedAudiences).toEqual(['custom-1', 'custom-3'])
    expect(s.topics[2]).toEqual({ id: 'custom-topic-2', name: 'payroll for startups', relevance: 5, audienceIds: [] })
    expect(s.selectedTopics).toEqual(['custom-topic-2'])
  })

  it('adds a custom topic unselected when 10 are already selected', () => {
    const ten = ['t1', 't2', 't3', 't4', 't5', 't6', 't7', 't8', 't9', 't10']
    const s = pickerReducer({ ...start, selectedTopics: ten }, { type: 'addTopic', name: 'Extra' })
    expect(s.topics.map((t) => t.id)).toContain('custom-topic-1')
    expect(s.selectedTopics).toEqual(ten)
  })
})
