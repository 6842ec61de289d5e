/** Human visits sent by an AI assistant: by referrer host, or by the utm_source the assistant adds. Pure. */

export const AI_ASSISTANTS: { name: string; hosts: string[]; utm: string[] }[] = [
  { name: 'ChatGPT', hosts: ['chatgpt.com', 'chat.openai.com'], utm: ['chatgpt.com', 'chatgpt', 'openai'] },
  { name: 'Perplexity', hosts: ['perplexity.ai', 'www.perplexity.ai'], utm: ['perplexity', 'perplexity.ai'] },
  { name: 'Gemini', hosts: ['gemini.google.com', 'bard.google.com'], utm: ['gemini'] },
  { name: 'Copilot', hosts: ['copilot.microsoft.com'], utm: ['copilot'] },
  { name: 'Claude', hosts: ['claude.ai'], utm: ['claude.ai', 'claude'] },
  { name: 'DeepSeek', hosts: ['chat.deepseek.com'], utm: ['deepseek'] },
  { name: 'Grok', hosts: ['grok.com'], utm: ['grok'] },
]

const BY_HOST = new Map(AI_ASSISTANTS.flatMap((a) => a.hosts.map((h) => [h, a.name] as const)))
const BY_UTM = new Map(AI_ASSISTANTS.flatMap((a) => a.utm.map((u) => [u, a.name] as const)))

/** The referrer's host without a regex (called for every request of a log). */
function refererHost(referer: string): string | null {
  const start = referer.indexOf('://')
  if (start < 4 || start > 5) return null
  let end = start + 3
  while (end < referer.length) {
    const c = referer.charCodeAt(end)
    if (c === 47 || c === 58 || c === 63 || c === 35) break // / : ? #
    end++
  }
  return referer.slice(start + 3, end).toLowerCase()
}

/** The assistant that sent this visit, or null. `query` is the landing URL's query string without '?'. */
export function aiReferral(referer: string, query: string): string | null {
  const host = refererHost(referer)
  if (host && BY_HOST.has(host)) return BY_HOST.get(host)!
  if (query && query.includes('utm_source=')) {
    const utm = /(?:^|&)utm_source=([^&]*)/.exec(query)
    if (utm) {
      let v = utm[1]
      try {
        v = decodeURIComponent(v)
      } catch {
        /* keep it raw */
      }
      return BY_UTM.get(v.toLowerCase()) ?? null
    }
  }
  return null
}
