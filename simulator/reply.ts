/**
 * The reply to a well-formed model request: structured output (a framework, audiences, the optimiser's and other
 * tasks' JSON, or a schema-shaped fake) or a composed answer with the vendor's citations, faults applied.
 */
import { parseFrameworkPrompt } from '../activities/gateway/prompts'
import { parseAudiencePrompt } from '../activities/gateway/audience-prompts'
import { answerAudiencePrompt } from './audiences'
import { composeAnswer, renderAnswer, type CitationStyle } from './answer'
import { buildFramework } from './framework'
import { optimiserReply } from './optimiser'
import { ideatorReply } from './ideator'
import { exportSummaryReply } from './exports'
import { reportRewriteReply } from './report-rewrite'
import { factcheckReply } from './factcheck'
import { Rng } from './prng'
import { brandRateOn } from './lifts'
import { servedModel } from './model-changes'
import { normaliseQuery, type ProjectStore } from './projects'
import { fakeFromSchema } from './schema-faker'
import { isRecord, type Json, type Parsed, type Route } from './requests'
import type { Fault, SimConfig } from './sim-config'
import { anthropicMessages, chatCompletion, geminiGenerate, openaiResponses, xaiResponses, type Reply, type WireResponse } from './vendors'

const MODEL_ARMOR_MESSAGE = 'Blocked by Model Armor Floor Setting: The prompt violated Responsible AI Safety settings (Dangerous), Malicious URL Detection, Prompt Injection and Jailbreak filters.'

/** The reply for a well-formed API request, in the vendor's wire format. */
export function modelReply(ctx: { config: SimConfig; store: ProjectStore; day: string }, r: Route, p: Parsed, body: Json, fault: Fault | undefined, n: number): WireResponse {
  const { config, store, day } = ctx
  const ids = new Rng('ids', config.seed, r.vendor, n, Date.now())
  // A planted model update answers as the new version, its text drawn afresh.
  const model = servedModel(config.modelChanges, r.vendor, p.model, day)
  const reply: Reply = {
    vendor: r.vendor,
    model,
    now: Math.floor(Date.now() / 1000),
    ids,
    promptTokens: Math.ceil((p.system.length + p.prompt.length) / 4) + 8,
    request: body,
    searches: [],
  }
  if (p.json) {
    let value: unknown
    const audienceTask = parseAudiencePrompt(p.prompt) ?? parseAudiencePrompt(`${p.system}\n${p.prompt}`)
    const framework = parseFrameworkPrompt(p.prompt) ?? parseFrameworkPrompt(`${p.system}\n${p.prompt}`)
    const props = p.json.schema && isRecord(p.json.schema.properties) ? p.json.schema.properties : undefined
    const optimised = optimiserReply(p.prompt) ?? ideatorReply(p.prompt, r.vendor) ?? exportSummaryReply(p.prompt) ?? reportRewriteReply(p.prompt) ?? factcheckReply(p.prompt)
    if (optimised !== undefined) {
      value = optimised
    } else if (audienceTask) {
      value = answerAudiencePrompt(audienceTask, config.seed, day, store)
    } else if (framework && (!props || ('competitors' in props && 'queries' in props))) {
      const built = buildFramework(framework, config.seed, day.slice(0, 4))
      store.learn({
        brand: built.brand,
        market: framework.market,
        marketKey: built.market?.key,
        marketLabel: built.marketLabel,
        region: framework.region,
        language: framework.language,
        marketType: framework.marketType ?? 'B2C',
        kind: built.kind,
        competitors: built.result.competitors,
        queries: built.result.queries,
        learnedAt: new Date().toISOString(),
      })
      value = built.result
    } else if (p.json.schema) {
      value = fakeFromSchema(p.json.schema, { rng: new Rng('json', r.vendor, p.model, p.prompt, day, config.seed), subject: store.find(p.prompt), day })
    } else {
      value = { answer: renderAnswer(composeAnswer({ provider: r.vendor, model: p.model, prompt: p.prompt, day, seed: config.seed, brandRate: config.brandRate, subject: store.find(p.prompt), cite: false }), 'none').text }
    }
    let text = JSON.stringify(value)
    if (fault?.type === 'malformed') text = text.slice(0, Math.max(1, Math.floor(text.length * 0.6)))
    if (fault?.type === 'empty') text = r.vendor === 'deepseek' ? '   ' : ''
    if (p.json.toolName !== undefined) {
      reply.toolName = p.json.toolName
      // A forced tool call always yields tool input; "malformed" is input that breaks the schema.
      reply.toolInput = fault?.type === 'empty' ? undefined : fault?.type === 'malformed' ? {} : value
    } else reply.jsonText = text
  } else {
    const subject = store.find(p.prompt)
    const cite = p.webSearch || r.vendor === 'deepseek'
    const pinned = config.listFormats[normaliseQuery(p.prompt)]
    const brandRate = brandRateOn(config.lifts, config.brandRate, p.prompt, day)
    const composed = composeAnswer({ provider: r.vendor, model, prompt: p.prompt, day, seed: config.seed, brandRate, subject, cite, format: pinned?.format, order: pinned?.order, marker: pinned?.marker, references: pinned?.references })
    const style: CitationStyle =
      r.vendor === 'perplexity' || r.vendor === 'deepseek' ? 'brackets' : r.vendor === 'xai' ? 'xai-links' : r.vendor === 'openai' ? 'openai-links' : 'none'
    reply.answer = composed
    reply.rendered = fault?.type === 'empty' ? { text: '', claims: [], markers: [], blocks: [] } : renderAnswer(composed, style)
    reply.searches = p.webSearch && fault?.type !== 'empty' && r.vendor !== 'perplexity' ? composed.searchQueries : []
    if (fault?.type === 'pause-turn' && r.vendor === 'anthropic') reply.pauseTurn = true
    if (fault?.type === 'blocked' && r.vendor === 'gemini') reply.blocked = { finishReason: fault.finishReason ?? 'MODEL_ARMOR', finishMessage: fault.finishMessage ?? MODEL_ARMOR_MESSAGE }
  }
  if (fault?.type === 'reasoning-usage') reply.reasoningBeside = fault.reasoningTokens ?? 228
  return reply.vendor === 'gemini'
    ? geminiGenerate(reply)
    : r.endpoint === 'messages'
      ? anthropicMessages(reply)
      : r.endpoint === 'responses'
        ? r.vendor === 'xai'
          ? xaiResponses(reply)
          : openaiResponses(reply)
        : chatCompletion(reply)
}
