/**
 * The vendor-body parsers on the vendor replies beyond the happy path, with bodies written here by hand in
 * the vendors' documented shapes (the recorded bodies are in fixtures.test.ts).
 */
import { parseAnthropic, parseChatCompletion, parseGemini, parseResponses, usageOf } from './normalise'

describe('Gemini finishes', () => {
  const candidate = (c: Record<string, unknown>) => ({ candidates: [{ index: 0, ...c }], usageMetadata: { promptTokenCount: 9, totalTokenCount: 9 } })

  it('MODEL_ARMOR with a finishMessage and no content is a refusal carrying both', () => {
    const p = parseGemini(candidate({ finishReason: 'MODEL_ARMOR', finishMessage: 'Blocked by Model Armor: prompt injection.' }))
    expect(p.refusal).toBe('finishReason MODEL_ARMOR: Blocked by Model Armor: prompt injection.')
    expect(p.text).toBe('')
  })

  it.each(['OTHER', 'LANGUAGE', 'JAILBREAK', 'MAX_TOKENS', 'A_REASON_ADDED_NEXT_YEAR'])('%s with no content is a refusal (no finishMessage: the reason alone)', (reason) => {
    expect(parseGemini(candidate({ finishReason: reason })).refusal).toBe(`finishReason ${reason}`)
    // whitespace-only parts are no content either
    expect(parseGemini(candidate({ finishReason: reason, content: { role: 'model', parts: [{ text: ' \n' }] } })).refusal).toBe(`finishReason ${reason}`)
  })

  it('a non-STOP finish with content is an answer (MAX_TOKENS keeps what was written); block-list reasons refuse even with content', () => {
    const written = { role: 'model', parts: [{ text: '1. Nike is' }] }
    expect(parseGemini(candidate({ finishReason: 'MAX_TOKENS', content: written }))).toMatchObject({ text: '1. Nike is', refusal: undefined })
    expect(parseGemini(candidate({ finishReason: 'SAFETY', content: written })).refusal).toBe('finishReason SAFETY')
    expect(parseGemini(candidate({ finishReason: 'STOP', content: written })).refusal).toBeUndefined()
  })

  it('a blocked prompt carries blockReason and blockReasonMessage', () => {
    const p = parseGemini({ promptFeedback: { blockReason: 'MODEL_ARMOR', blockReasonMessage: 'The prompt violated the floor setting.' }, usageMetadata: { promptTokenCount: 4 } })
    expect(p.refusal).toBe('prompt blocked (blockReason MODEL_ARMOR): The prompt violated the floor setting.')
  })
})

describe('usage: input + output = billed total; reasoning its own figure, part of the output', () => {
  it.each([
    // [vendor layout, input, output, total, reasoning] -> expected usage
    ['xAI chat completions: reasoning beside (12 + 1 + 228 = 241)', 12, 1, 241, 228, { inputTokens: 12, outputTokens: 229, reasoningTokens: 228, totalTokens: 241 }],
    ['OpenAI Responses: reasoning inside (8530 + 98 = 8628)', 8530, 98, 8628, 49, { inputTokens: 8530, outputTokens: 98, reasoningTokens: 49, totalTokens: 8628 }],
    ['no total, output smaller than the reasoning: beside', 10, 5, 0, 50, { inputTokens: 10, outputTokens: 55, reasoningTokens: 50, totalTokens: 65 }],
    ['no total, output larger: inside', 10, 80, 0, 50, { inputTokens: 10, outputTokens: 80, reasoningTokens: 50, totalTokens: 90 }],
    ['no reasoning reported', 10, 80, 90, 0, { inputTokens: 10, outputTokens: 80, reasoningTokens: 0, totalTokens: 90 }],
  ])('%s', (_name, input, output, total, reasoning, expected) => {
    expect(usageOf(input, output, total, reasoning)).toEqual(expected)
  })

  it('chat completions read reasoning from completion_tokens_details or (Perplexity) usage.reasoning_tokens', () => {
    const body = (usage: Record<string, unknown>) => ({ choices: [{ index: 0, message: { role: 'assistant', content: 'Grok' }, finish_reason: 'stop' }], usage })
    expect(parseChatCompletion(body({ prompt_tokens: 12, completion_tokens: 1, total_tokens: 241, completion_tokens_details: { reasoning_tokens: 228 } })).usage).toEqual({ inputTokens: 12, outputTokens: 229, reasoningTokens: 228, totalTokens: 241 })
    expect(parseChatCompletion(body({ prompt_tokens: 20, completion_tokens: 30, total_tokens: 150, reasoning_tokens: 100 })).usage).toEqual({ inputTokens: 20, outputTokens: 130, reasoningTokens: 100, totalTokens: 150 })
  })

  it('Responses bodies with reasoning beside output_tokens', () => {
    const u = parseResponses({ output: [], usage: { input_tokens: 100, output_tokens: 40, total_tokens: 400, output_tokens_details: { reasoning_tokens: 260 } } }).usage
    expect(u).toEqual({ inputTokens: 100, outputTokens: 300, reasoningTokens: 260, totalTokens: 400 })
  })
})

describe('Anthropic pause_turn', () => {
  it('a paused message is marked paused; its text and citations are what it has so far', () => {
    const p = parseAnthropic({
      stop_reason: 'pause_turn',
      content: [
        { type: 'text', text: 'Let me search. ' },
        { type: 'server_tool_use', id: 'srvtoolu_1', name: 'web_search', input: { query: 'best shoes' } },
        { type: 'web_search_tool_result', tool_use_id: 'srvtoolu_1', content: [{ type: 'web_search_result', url: 'https://a.example/x', title: 'A' }] },
      ],
      usage: { input_tokens: 10, output_tokens: 5 },
    })
    expect(p).toMatchObject({ paused: true, text: 'Let me search. ', searchQueries: ['best shoes'] })
    expect(p.sources.map((s) => s.url)).toEqual(['https://a.example/x'])
    expect(parseAnthropic({ stop_reason: 'end_turn', content: [] }).paused).toBe(false)
  })
})
