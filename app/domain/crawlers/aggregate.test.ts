import { describe, expect, it } from 'vitest'
import { aggregateText } from './aggregate'
import { aiReferral } from './referrals'
import { classifyUserAgent } from './bots'
import { verifyBot } from './verify'

const GPTBOT = 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.1; +https://openai.com/gptbot)'
const CHATGPT_USER = 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot'
const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36'
const line = (ip: string, time: string, path: string, status: number, ref: string, ua: string) =>
  `${ip} - - [${time} +0000] "GET ${path} HTTP/1.1" ${status} 100 "${ref}" "${ua}"`

describe('classification', () => {
  it('names the agent, its class and vendor; the longer token wins', () => {
    expect(classifyUserAgent(GPTBOT)).toEqual({ bot: 'GPTBot', class: 'training', vendor: 'OpenAI' })
    expect(classifyUserAgent(CHATGPT_USER)).toEqual({ bot: 'ChatGPT-User', class: 'user', vendor: 'OpenAI' })
    expect(classifyUserAgent('Mozilla/5.0 (compatible; Claude-SearchBot/1.0; +Claude-SearchBot@anthropic.com)').bot).toBe('Claude-SearchBot')
    expect(classifyUserAgent('Mozilla/5.0 (compatible; Applebot-Extended/0.1)').class).toBe('training')
    expect(classifyUserAgent('Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)')).toEqual({ bot: 'other', class: 'other', vendor: null })
    expect(classifyUserAgent(CHROME).bot).toBeNull()
  })
  it('verifies against the published ranges', () => {
    expect(verifyBot('GPTBot', '20.171.206.7')).toBe('verified')
    expect(verifyBot('GPTBot', '198.51.100.9')).toBe('unverified')
    expect(verifyBot('ClaudeBot', '198.51.100.9')).toBe('unknown')
  })
  it('recognises AI referrals by host or utm_source', () => {
    expect(aiReferral('https://chatgpt.com/', '')).toBe('ChatGPT')
    expect(aiReferral('https://www.perplexity.ai/search?q=x', '')).toBe('Perplexity')
    expect(aiReferral('-', 'a=1&utm_source=chatgpt.com')).toBe('ChatGPT')
    expect(aiReferral('https://www.google.com/', 'utm_source=newsletter')).toBeNull()
  })
})

describe('aggregation', () => {
  it('counts bot hits, referrals, people and bad lines', () => {
    const text = [
      line('20.171.206.7', '03/Nov/2026:06:00:00', '/pricing', 200, '-', GPTBOT),
      line('20.171.206.8', '03/Nov/2026:07:00:00', '/pricing?x=1', 200, '-', GPTBOT),
      line('198.51.100.9', '03/Nov/2026:08:00:00', '/pricing', 200, '-', GPTBOT),
      line('20.171.206.7', '04/Nov/2026:00:00:01', '/pricing', 403, '-', GPTBOT),
      line('203.0.113.5', '03/Nov/2026:09:00:00', '/guide', 200, 'https://chatgpt.com/', CHROME),
      line('203.0.113.6', '03/Nov/2026:09:00:00', '/', 200, '-', CHROME),
      'not a log line',
      '',
      'still not',
      'nor this',
    ].join('\n')
    const a = aggregateText(text, { format: 'combined' })
    // 6 readable lines; lines 7, 9 and 10 are bad (line 8, '', is skipped, not bad).
    expect(a.lines).toBe(6)
    expect(a.badLines).toBe(3)
    expect(a.badExamples.map((b) => b.line)).toEqual([7, 9, 10])
    // Nov 3: two verified hits on /pricing 200 (the query is dropped), one unverified; Nov 4: one 403.
    const rows = a.hits.map((h) => `${h.day} ${h.bot} ${h.verified} ${h.path} ${h.status} ${h.hits}`).sort()
    expect(rows).toEqual([
      '2026-11-03 GPTBot unverified /pricing 200 1',
      '2026-11-03 GPTBot verified /pricing 200 2',
      '2026-11-04 GPTBot verified /pricing 403 1',
    ])
    expect(a.referrals).toEqual([{ day: '2026-11-03', assistant: 'ChatGPT', path: '/guide', visits: 1 }])
    expect(a.humans).toEqual({ '2026-11-03': 2 })
    expect(a.samples.GPTBot).toHaveLength(4)
  })
})
