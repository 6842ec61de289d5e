import type { ProviderKey, Usage } from './types'

/**
 * Rough list prices in USD, used only to show an ESTIMATED cost per answer. They are not
 * read from invoices and will drift from the vendors' price pages; when a response carries
 * its own cost (Perplexity usage.cost.total_cost, xAI usage.cost_in_usd_ticks) that wins.
 */
interface Price {
  /** Model id prefix this row applies to (longest match wins). */
  prefix: string
  inputPerMTok: number
  outputPerMTok: number
  /** Per web search / grounded request. */
  perSearch: number
}

const PRICES: Record<ProviderKey, Price[]> = {
  openai: [
    { prefix: 'gpt-5', inputPerMTok: 1.25, outputPerMTok: 10, perSearch: 0.01 },
    { prefix: 'gpt-5-mini', inputPerMTok: 0.25, outputPerMTok: 2, perSearch: 0.01 },
    { prefix: 'gpt-4.1', inputPerMTok: 2, outputPerMTok: 8, perSearch: 0.025 },
    { prefix: 'gpt-4o', inputPerMTok: 2.5, outputPerMTok: 10, perSearch: 0.025 },
  ],
  anthropic: [
    { prefix: 'claude-sonnet', inputPerMTok: 3, outputPerMTok: 15, perSearch: 0.01 },
    { prefix: 'claude-opus', inputPerMTok: 15, outputPerMTok: 75, perSearch: 0.01 },
    { prefix: 'claude-haiku', inputPerMTok: 0.8, outputPerMTok: 4, perSearch: 0.01 },
  ],
  gemini: [
    { prefix: 'gemini-2.0-flash', inputPerMTok: 0.1, outputPerMTok: 0.4, perSearch: 0.035 },
    { prefix: 'gemini-2.5-flash', inputPerMTok: 0.3, outputPerMTok: 2.5, perSearch: 0.035 },
    { prefix: 'gemini-2.5-pro', inputPerMTok: 1.25, outputPerMTok: 10, perSearch: 0.035 },
  ],
  perplexity: [
    { prefix: 'sonar', inputPerMTok: 1, outputPerMTok: 1, perSearch: 0.005 },
    { prefix: 'sonar-pro', inputPerMTok: 3, outputPerMTok: 15, perSearch: 0.006 },
  ],
  xai: [
    { prefix: 'grok-4', inputPerMTok: 3, outputPerMTok: 15, perSearch: 0.01 },
    { prefix: 'grok-4-fast', inputPerMTok: 0.2, outputPerMTok: 0.5, perSearch: 0.01 },
    { prefix: 'grok-3', inputPerMTok: 3, outputPerMTok: 15, perSearch: 0.01 },
  ],
  deepseek: [{ prefix: 'deepseek', inputPerMTok: 0.28, outputPerMTok: 0.42, perSearch: 0 }],
  // The SERP providers bill per request and their cost is read from the reply.
  dataforseo: [],
  serpapi: [],
}

function priceFor(provider: ProviderKey, model: string): Price {
  const rows = PRICES[provider]
  const matches = rows.filter((r) => model.startsWith(r.prefix)).sort((a, b) => b.prefix.length - a.prefix.length)
  return matches[0] ?? rows[0]
}

/** Estimated USD cost of one call, rounded to 1e-6. */
export function estimateCostUsd(provider: ProviderKey, model: string, usage: Usage, searches: number): number {
  const p = priceFor(provider, model)
  const cost = (usage.inputTokens * p.inputPerMTok + usage.outputTokens * p.outputPerMTok) / 1_000_000 + searches * p.perSearch
  return Math.round(cost * 1e6) / 1e6
}
