/**
 * The AI Chat's simulated model: which tool the policy picks for a question, and the whole turn through the
 * gateway (the Anthropic SDK's MessageStream over the simulator's event stream), with the stream hold.
 */
import { createGateway, simulatorConfigs } from '../activities/gateway'
import { chatTools } from '../app/domain/chat/tools'
import type { ChatTurnMessage } from '../app/domain/chat'
import { renderToolResult, textPieces, toolUseProblem } from './chat'
import { readQuestion, toolCallsOf } from './chat-intent'
import { startSimulator, type SimulatorHandle } from './server'
import { simControl } from './testing'

const BRANDS = ['Brooks', 'Nike', 'Asics', 'Hoka']

describe('tool choice', () => {
  it.each([
    ["What is my brand's visibility on Claude?", [['brand_metrics', { model: 'claude' }]]],
    ['How does my brand rank on each AI model?', [['brand_metrics', {}]]],
    ['Which model ranks Hoka worst?', [['brand_metrics', {}]]],
    ['Which queries does my brand rank best for?', [['query_ranks', {}]]],
    ['For which queries is Nike not ranked at all?', [['query_ranks', { brand: 'Nike' }]]],
    ['How many mentions does each brand get per query?', [['mentions_by_query', {}]]],
    ['What is the sentiment towards Asics?', [['sentiment', { brand: 'Asics' }]]],
    ['Which web sources do the AI models cite most?', [['sources', {}]]],
    ['Which sites are cited most, and how often is hoka.com?', [['sources', {}]]],
    ['Give me an overview of the whole analysis.', [['overview', {}]]],
    ['Summarise the strengths and weaknesses of my brand in AI answers.', [['overview', {}], ['sentiment', {}]]],
    ['Where is my brand weakest, and what should I improve first?', [['query_ranks', {}], ['brand_metrics', {}]]],
    ['Welche Quellen zitieren die KI-Modelle am häufigsten?', [['sources', {}]]],
    ['Quel modèle classe Hoka le moins bien ?', [['brand_metrics', {}]]],
    ['¿Cuál es el sentimiento hacia Nike?', [['sentiment', { brand: 'Nike' }]]],
    ['自社ブランドが最も言及されているクエリはどれですか？', [['mentions_by_query', {}]]],
    ['hello', [['overview', {}]]],
    ['How does the ChatGPT app differ from the ChatGPT API for my brand?', [['engine_comparison', {}]]],
    ['How often does Google show an AI Overview for my queries?', [['ai_overview_presence', {}]]],
    ['Wie oft zeigt Google eine KI-Übersicht?', [['ai_overview_presence', {}]]],
    ['What is the AI search volume of my queries?', [['search_volume', {}]]],
    ['What is the demand-weighted visibility of Nike?', [['search_volume', { brand: 'Nike' }]]],
  ])('%s → %j', (question, calls) => {
    expect(toolCallsOf(readQuestion(question, BRANDS).intent).map((c) => [c.name, c.input])).toEqual(calls)
  })

  it.each([
    ['Which model ranks Hoka worst?', 'en'],
    ['Welches Modell platziert Hoka am schlechtesten?', 'de'],
    ['Quelles sources les modèles citent-ils le plus ?', 'fr'],
    ['¿Qué fuentes citan más los modelos?', 'es'],
    ['どのモデルがHokaを最も低く評価していますか？', 'ja'],
  ])('reads the language of %s as %s', (question, lang) => {
    expect(readQuestion(question, BRANDS).lang).toBe(lang)
  })

  it('asks for a table only when the question does', () => {
    expect(readQuestion('Show the sentiment of every brand as a table', BRANDS).table).toBe(true)
    expect(readQuestion('Zeig mir die Quellen als Tabelle', BRANDS).table).toBe(true)
    expect(readQuestion('Which sources are cited most?', BRANDS).table).toBe(false)
  })

  it('renders every figure of a result, the own brand first', () => {
    const md = renderToolResult({ screen: 'Brand Rank tab', model: 'Claude Sonnet 4', brands: [{ brand: 'Brooks', ownBrand: true, rank: 1.5, visibility: '17%' }, { brand: 'Hoka', ownBrand: false, rank: 1, visibility: '17%' }] })
    expect(md).toContain('**Brooks** (your brand): rank 1.5, visibility 17%.')
    expect(md).toContain('| Brand | Rank | Visibility |')
    expect(md).toContain('| Hoka | 1 | 17% |')
  })

  it('refuses tool_use / tool_result pairs the Messages API refuses', () => {
    const use = (id: string) => ({ type: 'tool_use', id, name: 'overview', input: {} })
    const result = (id: string) => ({ type: 'tool_result', tool_use_id: id, content: '{}' })
    const body = (...messages: unknown[]) => ({ messages })
    const q = { role: 'user', content: 'Overview please' }
    expect(toolUseProblem(body(q, { role: 'assistant', content: [use('a'), use('b')] }, { role: 'user', content: [result('a'), result('b')] }))).toBeUndefined()
    expect(toolUseProblem(body(q, { role: 'assistant', content: [use('a'), use('b')] }, { role: 'user', content: [result('a')] }))).toMatch(/^messages\.2: `tool_use` ids were found without `tool_result` blocks immediately after: b\./)
    expect(toolUseProblem(body(q, { role: 'assistant', content: [use('a')] }, { role: 'user', content: [{ type: 'text', text: 'and?' }, result('a')] }))).toMatch(/must come first/)
    expect(toolUseProblem(body(q, { role: 'assistant', content: [use('a')] }, { role: 'user', content: [result('a'), result('x')] }))).toMatch(/unexpected `tool_use_id` found in `tool_result` blocks: x/)
  })

  it('streams text a few words at a time', () => {
    expect(textPieces('one two three four five').join('')).toBe('one two three four five')
    expect(textPieces('one two three four five')).toHaveLength(2)
  })
})

describe('through the gateway', () => {
  let sim: SimulatorHandle
  beforeAll(async () => {
    sim = await startSimulator({ port: 0, seed: 'chat-test', day: '2026-03-02' })
  })
  afterAll(async () => {
    await sim.close()
  })

  const spec = chatTools(BRANDS)

  it('asks for the tool, then answers from its result, streamed', async () => {
    const gw = createGateway(simulatorConfigs(sim.url))
    const messages: ChatTurnMessage[] = [{ role: 'user', text: "What is my brand's visibility on Claude?" }]
    const first = await gw.chat('anthropic', { messages, tools: spec, allowTools: true })
    expect(first.stopReason).toBe('tool_use')
    expect(first.toolCalls).toEqual([{ id: expect.stringMatching(/^toolu_01/), name: 'brand_metrics', input: { model: 'claude' } }])
    const result = { screen: 'Brand Rank and Share of Model tabs', model: 'Claude Sonnet 4', brands: [{ brand: 'Brooks', ownBrand: true, rank: 1.5, visibility: '17%', shareOfModel: '42.9%' }] }
    messages.push({ role: 'assistant', text: first.text, toolCalls: first.toolCalls }, { role: 'tool', results: [{ id: first.toolCalls[0].id, content: JSON.stringify(result) }] })
    const deltas: string[] = []
    const second = await gw.chat('anthropic', { messages, tools: spec, allowTools: true, onText: (d) => deltas.push(d) })
    expect(second.stopReason).toBe('end_turn')
    expect(second.toolCalls).toEqual([])
    expect(deltas.length).toBeGreaterThan(3)
    expect(deltas.join('')).toBe(second.text)
    expect(second.text).toBe('On Claude Sonnet 4, Brooks has an average rank of 1.5 and a visibility of 17%; its share of model there is 42.9%.')
    expect(second.usage.totalTokens).toBeGreaterThan(0)
  })

  it('calls two tools at once when the question needs both, and answers from both', async () => {
    const gw = createGateway(simulatorConfigs(sim.url))
    const messages: ChatTurnMessage[] = [{ role: 'user', text: 'Summarise the strengths and weaknesses of my brand in AI answers.' }]
    const first = await gw.chat('anthropic', { messages, tools: spec, allowTools: true })
    expect(first.toolCalls.map((c) => c.name)).toEqual(['overview', 'sentiment'])
    const overview = { screen: 'Overview tab', totalMentions: 25, averageRank: 1.9, brandsRanked: 4, ownBrandPosition: 2, brands: [{ brand: 'Brooks', ownBrand: true, mentions: 10, shareOfModel: '40%', rank: 1.6 }, { brand: 'Hoka', ownBrand: false, mentions: 5, shareOfModel: '20%', rank: 1 }] }
    const sentiment = { screen: 'Sentiment tab', brands: [{ brand: 'Brooks', ownBrand: true, score: 0.2, label: 'positive', positive: '30%', neutral: '60%', negative: '10%', sentences: 10, positiveWords: 'excellent, great', negativeWords: 'disappointing' }] }
    messages.push({ role: 'assistant', text: first.text, toolCalls: first.toolCalls }, { role: 'tool', results: [{ id: first.toolCalls[0].id, content: JSON.stringify(overview) }, { id: first.toolCalls[1].id, content: JSON.stringify(sentiment) }] })
    const second = await gw.chat('anthropic', { messages, tools: spec, allowTools: true })
    expect(second.text).toContain('Strengths: share of model 40%, the largest and positive sentiment (score 0.2).')
    expect(second.text).toContain('Weaknesses: ranked behind Hoka (1) and negative words such as disappointing.')
  })

  it('with tool_choice none the model answers without a tool', async () => {
    const gw = createGateway(simulatorConfigs(sim.url))
    const out = await gw.chat('anthropic', { messages: [{ role: 'user', text: 'How does Nike rank?' }], tools: spec, allowTools: false })
    expect(out.toolCalls).toEqual([])
    expect(out.text).not.toBe('')
  })

  it('holds a stream after n text deltas until the hold is lifted', async () => {
    await simControl(sim.url, '/__sim/config', { streamHold: { afterDeltas: 2 } })
    const gw = createGateway(simulatorConfigs(sim.url))
    const deltas: string[] = []
    let finished = false
    const messages: ChatTurnMessage[] = [
      { role: 'user', text: 'Overview please' },
      { role: 'assistant', text: '', toolCalls: [{ id: 'toolu_1', name: 'overview', input: {} }] },
      { role: 'tool', results: [{ id: 'toolu_1', content: JSON.stringify({ screen: 'Overview tab', totalMentions: 25, averageRank: 1.9, brandsRanked: 2, ownBrandPosition: 1, brands: [{ brand: 'Brooks', ownBrand: true, mentions: 10, shareOfModel: '40%', rank: 1.6 }] }) }] },
    ]
    const call = gw.chat('anthropic', { messages, tools: spec, allowTools: true, onText: (d) => deltas.push(d) }).finally(() => (finished = true))
    const until = Date.now() + 10_000
    while (deltas.length < 2 && Date.now() < until) await new Promise((r) => setTimeout(r, 20))
    expect(deltas).toHaveLength(2)
    expect(finished).toBe(false)
    await simControl(sim.url, '/__sim/config', { streamHold: null })
    const out = await call
    expect(out.text).toContain('Brooks has 10 of 25 mentions')
    expect(deltas.join('')).toBe(out.text)
  })

  it('a 429 from the vendor is a rate_limited gateway error', async () => {
    await simControl(sim.url, '/__sim/config', { providers: { anthropic: { faults: [{ type: '429', times: 1 }] } } })
    const gw = createGateway(simulatorConfigs(sim.url))
    await expect(gw.chat('anthropic', { messages: [{ role: 'user', text: 'hi' }], tools: spec, allowTools: true })).rejects.toMatchObject({ kind: 'rate_limited' })
  })
})
