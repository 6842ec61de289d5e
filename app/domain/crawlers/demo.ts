/**
 * Demo mode: a month of combined-format log lines that fits the project's simulated citations — most cited own
 * pages crawled by the citing vendors' agents, one agent blocked by the "CDN" (403s), a few pages crawled but
 * never cited, people arriving from AI assistants now and then. Deterministic for a seed. Pure.
 */
import { mulberry32 } from '../random'

const AGENTS: Record<string, { ip: string; ua: string }> = {
  GPTBot: { ip: '20.171.206.12', ua: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.1; +https://openai.com/gptbot)' },
  'OAI-SearchBot': { ip: '51.8.102.20', ua: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; OAI-SearchBot/1.0; +https://openai.com/searchbot' },
  'ChatGPT-User': { ip: '23.98.142.181', ua: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot' },
  ClaudeBot: { ip: '160.79.104.10', ua: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)' },
  PerplexityBot: { ip: '107.20.236.150', ua: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; PerplexityBot/1.0; +https://perplexity.ai/perplexitybot)' },
  Googlebot: { ip: '66.249.66.1', ua: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' },
}
const PEOPLE = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
const REFERRERS = ['https://chatgpt.com/', 'https://www.perplexity.ai/', 'https://gemini.google.com/', 'https://copilot.microsoft.com/']

const rng = mulberry32

const stamp = (ms: number) => {
  const t = new Date(ms)
  return `${String(t.getUTCDate()).padStart(2, '0')}/${MONTHS[t.getUTCMonth()]}/${t.getUTCFullYear()}:${t.toISOString().slice(11, 19)} +0000`
}

/**
 * The lines of 30 days ending on `endDay` (yyyy-mm-dd). citedPaths: own paths the simulated answers cite; the
 * first is left uncrawled (cited from cached or third-party data), ClaudeBot is refused with 403 throughout.
 */
export function demoLog(citedPaths: string[], endDay: string, seed = 7): string {
  const r = rng(seed)
  const cited = citedPaths.length ? citedPaths : ['/']
  const extra = ['/about', '/blog/news', '/careers', '/sitemap.xml']
  const crawled = [...cited.slice(1), ...extra]
  const end = Date.parse(`${endDay}T00:00:00Z`)
  const lines: string[] = []
  const add = (ms: number, ip: string, path: string, status: number, ref: string, ua: string) =>
    lines.push(`${ip} - - [${stamp(ms)}] "GET ${path} HTTP/1.1" ${status} ${2000 + Math.floor(r() * 40_000)} "${ref}" "${ua}"`)
  for (let d = 29; d >= 0; d--) {
    const dayStart = end - d * 86_400_000
    for (const [bot, agent] of Object.entries(AGENTS)) {
      const visits = bot === 'ChatGPT-User' ? Math.floor(r() * 3) : 1 + Math.floor(r() * 4)
      for (let v = 0; v < visits; v++) {
        const path = crawled[Math.floor(r() * crawled.length)]
        add(dayStart + Math.floor(r() * 86_000_000), agent.ip, path, bot === 'ClaudeBot' ? 403 : r() < 0.05 ? 404 : 200, '-', agent.ua)
      }
    }
    for (let p = 0; p < 40; p++) add(dayStart + Math.floor(r() * 86_000_000), `203.0.113.${1 + Math.floor(r() * 250)}`, crawled[Math.floor(r() * crawled.length)], 200, '-', PEOPLE)
    if (r() < 0.7) add(dayStart + Math.floor(r() * 86_000_000), `198.51.100.${1 + Math.floor(r() * 250)}`, cited[Math.floor(r() * cited.length)], 200, REFERRERS[Math.floor(r() * REFERRERS.length)], PEOPLE)
  }
  return lines.join('\n') + '\n'
}
