import { canCancelSearch, cardPercent, chooseAnalysis, runCards, showInsightsManagement } from './analysis-settings'

const a = (id: number, status: string, createdAt: string) => ({ id, status, createdAt })
const list = [a(1, 'completed', '2024-02-27T10:00:00Z'), a(2, 'completed', '2024-02-28T10:00:00Z'), a(3, 'failed', '2024-02-29T10:00:00Z')]

describe('chooseAnalysis', () => {
  it('latest completed by default, not the newest failed one', () => {
    expect(chooseAnalysis(list, null)?.id).toBe(2)
  })
  it('the one asked for when it exists', () => {
    expect(chooseAnalysis(list, 3)?.id).toBe(3)
    expect(chooseAnalysis(list, 99)?.id).toBe(2)
  })
  it('the newest when none is completed; nothing when empty', () => {
    expect(chooseAnalysis([a(4, 'pending', '2024-01-01T00:00:00Z'), a(5, 'failed', '2024-01-02T00:00:00Z')], null)?.id).toBe(5)
    expect(chooseAnalysis([], null)).toBeNull()
  })
})

describe('runCards', () => {
  it('six cards in catalogue order with running > complete > available', () => {
    const cards = runCards({ 8: 3, 3: 1 }, [5], 3)
    expect(cards.map((c) => c.modelId)).toEqual([3, 5, 6, 8, 9, 10])
    expect(cards.map((c) => c.state)).toEqual(['complete', 'running', 'available', 'complete', 'available', 'available'])
    expect(cards.find((c) => c.modelId === 9)?.addPath).toBe('/api/analyses/add-grok3')
    expect(cards.find((c) => c.modelId === 8)).toMatchObject({ name: 'ChatGPT 5', costLabel: 'Standard', answered: 3, expected: 3 })
  })
})

describe('small rules', () => {
  it('cardPercent', () => {
    expect(cardPercent(1, 3)).toBe(33)
    expect(cardPercent(3, 3)).toBe(100)
    expect(cardPercent(0, 0)).toBe(0)
  })
  it('insights management and cancel', () => {
    expect(showInsightsManagement({ basic: 0, enhanced: 0, searchStatus: null })).toBe(false)
    expect(showInsightsManagement({ basic: 2, enhanced: 0, searchStatus: 'completed' })).toBe(true)
    expect(showInsightsManagement({ basic: 0, enhanced: 0, searchStatus: 'in_progress' })).toBe(true)
    expect(canCancelSearch('pending')).toBe(true)
    expect(canCancelSearch('completed')).toBe(false)
  })
})
