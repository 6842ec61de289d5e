/**
 * Which AI agent a user agent is, and for what: training crawlers, search/index bots and user-triggered
 * fetchers. Our table names each agent with its vendor's documentation; crawler-user-agents (the maintained
 * community list) catches every other bot, counted as "other bot". Pure.
 */
import crawlers from 'crawler-user-agents'

import type { BotClass } from './classes'

export { BOT_CLASSES, BOT_CLASS_LABELS, type BotClass } from './classes'

export interface AiAgent {
  /** The product token as the user agent carries it (and robots.txt names it). */
  token: string
  vendor: string
  class: Exclude<BotClass, 'other'>
  docs: string
  /** Key of the vendor's published address list in ip-ranges.json, when it publishes one. */
  ranges?: string
  /** Reverse-DNS suffixes the vendor documents for verification. */
  rdns?: string[]
  /** The model family whose answers this agent feeds (joins to our analyses' model ids). */
  models?: number[]
}

// Model ids as app/domain/models.ts has them: 3 Claude, 5 Perplexity, 6 Gemini, 8 ChatGPT, 9 Grok, 10 DeepSeek.
export const AI_AGENTS: AiAgent[] = [
  { token: 'GPTBot', vendor: 'OpenAI', class: 'training', docs: 'https://platform.openai.com/docs/bots', ranges: 'openai-gptbot', models: [8] },
  { token: 'OAI-SearchBot', vendor: 'OpenAI', class: 'search', docs: 'https://platform.openai.com/docs/bots', ranges: 'openai-searchbot', models: [8] },
  { token: 'ChatGPT-User', vendor: 'OpenAI', class: 'user', docs: 'https://platform.openai.com/docs/bots', ranges: 'openai-chatgpt-user', models: [8] },
  { token: 'ClaudeBot', vendor: 'Anthropic', class: 'training', docs: 'https://support.claude.com/en/articles/8896518-does-anthropic-crawl-data-from-the-web-and-how-can-site-owners-block-the-crawler', models: [3] },
  { token: 'Claude-SearchBot', vendor: 'Anthropic', class: 'search', docs: 'https://support.claude.com/en/articles/8896518-does-anthropic-crawl-data-from-the-web-and-how-can-site-owners-block-the-crawler', models: [3] },
  { token: 'Claude-User', vendor: 'Anthropic', class: 'user', docs: 'https://support.claude.com/en/articles/8896518-does-anthropic-crawl-data-from-the-web-and-how-can-site-owners-block-the-crawler', models: [3] },
  { token: 'PerplexityBot', vendor: 'Perplexity', class: 'search', docs: 'https://docs.perplexity.ai/guides/bots', models: [5] },
  { token: 'Perplexity-User', vendor: 'Perplexity', class: 'user', docs: 'https://docs.perplexity.ai/guides/bots', models: [5] },
  { token: 'Google-Extended', vendor: 'Google', class: 'training', docs: 'https://developers.google.com/search/docs/crawling-indexing/google-common-crawlers', models: [6] },
  { token: 'Googlebot', vendor: 'Google', class: 'search', docs: 'https://developers.google.com/search/docs/crawling-indexing/verifying-googlebot', rdns: ['.googlebot.com', '.google.com'], models: [6] },
  { token: 'bingbot', vendor: 'Microsoft', class: 'search', docs: 'https://www.bing.com/webmasters/help/how-to-verify-bingbot-3905dc26', rdns: ['.search.msn.com'] },
  { token: 'Applebot-Extended', vendor: 'Apple', class: 'training', docs: 'https://support.apple.com/en-us/119829' },
  { token: 'Applebot', vendor: 'Apple', class: 'search', docs: 'https://support.apple.com/en-us/119829', rdns: ['.applebot.apple.com'] },
  { token: 'CCBot', vendor: 'Common Crawl', class: 'training', docs: 'https://commoncrawl.org/ccbot' },
  { token: 'Bytespider', vendor: 'ByteDance', class: 'training', docs: 'https://bytedance.com/en/' },
  { token: 'meta-externalagent', vendor: 'Meta', class: 'training', docs: 'https://developers.facebook.com/docs/sharing/webmasters/web-crawlers' },
  { token: 'meta-externalfetcher', vendor: 'Meta', class: 'user', docs: 'https://developers.facebook.com/docs/sharing/webmasters/web-crawlers' },
  { token: 'Amazonbot', vendor: 'Amazon', class: 'training', docs: 'https://developer.amazon.com/amazonbot' },
  { token: 'DuckAssistBot', vendor: 'DuckDuckGo', class: 'search', docs: 'https://duckduckgo.com/duckassistbot' },
  { token: 'MistralAI-User', vendor: 'Mistral AI', class: 'user', docs: 'https://docs.mistral.ai/robots' },
]

// Longest token first, so Applebot-Extended wins over Applebot and Claude-SearchBot over ClaudeBot.
const ORDERED = [...AI_AGENTS].sort((a, b) => b.token.length - a.token.length)
const AI_RE = new RegExp(ORDERED.map((a) => a.token.replace(/[-]/g, '\\-')).join('|'), 'i')
const BY_TOKEN = new Map(AI_AGENTS.map((a) => [a.token.toLowerCase(), a]))
// One alternation of the community list's patterns (they are written for this: JS-compatible regexes).
const OTHER_RE = new RegExp(crawlers.map((c) => `(?:${c.pattern})`).join('|'))

export interface Classified {
  /** The agent's token, 'other' for a non-AI bot, null for a person. */
  bot: string | null
  class: BotClass | null
  vendor: string | null
}

const HUMAN: Classified = { bot: null, class: null, vendor: null }

export function classifyUserAgent(ua: string): Classified {
  if (!ua) return HUMAN
  const m = AI_RE.exec(ua)
  if (m) {
    const agent = BY_TOKEN.get(m[0].toLowerCase())
    if (agent) return { bot: agent.token, class: agent.class, vendor: agent.vendor }
  }
  if (OTHER_RE.test(ua)) return { bot: 'other', class: 'other', vendor: null }
  return HUMAN
}

export const agentByToken = (token: string) => BY_TOKEN.get(token.toLowerCase()) ?? null

/** A cache in front of classifyUserAgent: logs repeat a few thousand user agents millions of times. */
export function userAgentClassifier(max = 50_000): (ua: string) => Classified {
  const cache = new Map<string, Classified>()
  return (ua) => {
    let c = cache.get(ua)
    if (!c) {
      c = classifyUserAgent(ua)
      if (cache.size < max) cache.set(ua, c)
    }
    return c
  }
}
