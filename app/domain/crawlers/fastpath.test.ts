import { describe, expect, it } from 'vitest'
import { Aggregator, aggregateText, mergeAggregates, type ChunkAggregate } from './aggregate'
import type { FormatSpec } from './formats'
import { mulberry32 } from '../random'

const GPTBOT = 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.1; +https://openai.com/gptbot)'
const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36'
const SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1'
const AHREFS = 'Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)'
const line = (ip: string, time: string, request: string, status: number, ref: string, ua: string) =>
  `${ip} - - [${time}] "${request}" ${status} 100 "${ref}" "${ua}"`

/** The plain reference: every line cut out and parsed whole by add(). */
function reference(text: string, spec: FormatSpec, firstLine = 1): ChunkAggregate {
  const agg = new Aggregator(spec, firstLine)
  for (const l of text.split('\n')) agg.add(l.endsWith('\r') ? l.slice(0, -1) : l)
  return agg.result()
}

/** Order-free form of an aggregate, to compare the two ways of counting. */
function canon(a: ChunkAggregate) {
  return {
    lines: a.lines, badLines: a.badLines, badExamples: a.badExamples,
    hits: a.hits.map((h) => JSON.stringify(h)).sort(),
    referrals: a.referrals.map((r) => JSON.stringify(r)).sort(),
    humans: Object.entries(a.humans).sort(),
    samples: Object.entries(a.samples).sort(),
  }
}

// Hand-picked lines: each edge a fast path could get wrong.
const MIXED = [
  line('203.0.113.1', '03/Nov/2026:06:00:00 +0000', 'GET /a HTTP/1.1', 200, '-', CHROME),
  // A person sent by ChatGPT (referrer), and one by utm_source=chatgpt.com (no referrer).
  line('203.0.113.2', '03/Nov/2026:06:00:01 +0000', 'GET /guide HTTP/1.1', 200, 'https://chatgpt.com/', SAFARI),
  line('203.0.113.3', '03/Nov/2026:06:00:02 +0000', 'GET /guide?x=1&utm_source=chatgpt.com HTTP/1.1', 200, '-', CHROME),
  // An upper-case referrer host, a Google referrer, a newsletter utm.
  line('203.0.113.4', '03/Nov/2026:06:00:03 +0000', 'GET /b HTTP/1.1', 200, 'HTTPS://Perplexity.AI/search', CHROME),
  line('203.0.113.5', '03/Nov/2026:06:00:04 +0000', 'GET /c?utm_source=newsletter HTTP/1.1', 200, 'https://www.google.com/', CHROME),
  // GPTBot inside OpenAI's ranges, and a spoofed one outside them.
  line('20.171.206.7', '03/Nov/2026:06:01:00 +0000', 'GET /pricing HTTP/1.1', 200, '-', GPTBOT),
  line('198.51.100.9', '03/Nov/2026:06:01:01 +0000', 'GET /pricing HTTP/1.1', 200, '-', GPTBOT),
  // Another bot (counted per day and status), twice.
  line('192.0.2.10', '03/Nov/2026:06:02:00 +0000', 'GET /x HTTP/1.1', 404, '-', AHREFS),
  line('192.0.2.10', '03/Nov/2026:06:02:09 +0000', 'GET /y HTTP/1.1', 404, '-', AHREFS),
  // Bad lines: not a log line, an hour of 25, a request with no target, an unclosed quote.
  'not a log line',
  line('203.0.113.6', '03/Nov/2026:25:00:00 +0000', 'GET /d HTTP/1.1', 200, '-', CHROME),
  line('203.0.113.7', '03/Nov/2026:06:03:00 +0000', 'GARBAGE', 400, '-', CHROME),
  '203.0.113.8 - - [03/Nov/2026:06:03:01 +0000] "GET /e HTTP/1.1" 200 100 "-" "Mozilla/5.0',
  // CRLF line ends, a blank line and a comment (skipped, not bad).
  line('203.0.113.9', '03/Nov/2026:06:04:00 +0000', 'GET /crlf HTTP/1.1', 200, '-', CHROME) + '\r',
  '',
  '# a comment',
  '#' + line('203.0.113.30', '03/Nov/2026:06:04:01 +0000', 'GET /commented HTTP/1.1', 200, '-', CHROME),
  // An escaped quote in the user agent, a '?' before the target, an absolute-form target with utm in its host part.
  line('203.0.113.10', '03/Nov/2026:06:05:00 +0000', 'GET /f HTTP/1.1', 200, '-', 'Bot \\"quoted\\" 1.0'),
  '203.0.113.11 ? - [03/Nov/2026:06:05:01 +0000] "GET /g HTTP/1.1" 200 100 "-" "' + CHROME + '"',
  line('203.0.113.12', '03/Nov/2026:06:05:02 +0000', 'GET http://example.com?utm_source=chatgpt.com HTTP/1.1', 200, '-', CHROME),
  // A double space in the request (empty target), a user agent of '-', a half-hour zone that crosses midnight.
  line('203.0.113.13', '03/Nov/2026:06:05:03 +0000', 'GET  /h HTTP/1.1', 200, '-', CHROME),
  line('203.0.113.14', '03/Nov/2026:06:05:04 +0000', 'GET /i HTTP/1.1', 200, '-', '-'),
  line('203.0.113.15', '04/Nov/2026:05:10:00 +0530', 'GET /j HTTP/1.1', 200, 'https://claude.ai/chat', CHROME),
  line('203.0.113.16', '04/Nov/2026:05:40:00 +0530', 'GET /j HTTP/1.1', 200, '-', CHROME),
  // A second of 60 (leap second, read), a minute of 60 (bad).
  line('203.0.113.17', '04/Nov/2026:06:00:60 +0000', 'GET /k HTTP/1.1', 200, '-', CHROME),
  line('203.0.113.18', '04/Nov/2026:06:60:00 +0000', 'GET /k HTTP/1.1', 200, '-', CHROME),
  // A carriage return inside a field, a trailing field after the user agent (nginx adds $http_x_forwarded_for).
  line('203.0.113.19', '04/Nov/2026:07:00:00 +0000', 'GET /l HTTP/1.1', 200, '-', 'Odd\rAgent'),
  line('203.0.113.20', '04/Nov/2026:07:00:01 +0000', 'GET /m HTTP/1.1', 200, '-', CHROME) + ' "10.0.0.1"',
  // A tab where a space belongs, and a long path kept to 300 characters.
  '203.0.113.21\t- - [04/Nov/2026:07:00:02 +0000] "GET /n HTTP/1.1" 200 100 "-" "' + CHROME + '"',
  line('203.0.113.22', '04/Nov/2026:07:00:03 +0000', `GET /${'p'.repeat(400)} HTTP/1.1`, 200, 'https://gemini.google.com/', CHROME),
].join('\n')

describe('the fast path counts as the plain parse does', () => {
  it('on hand-picked lines (referrals, utm, a spoofed GPTBot, bad lines, CRLF)', () => {
    const fast = aggregateText(MIXED, { format: 'combined' }, 10)
    expect(canon(fast)).toEqual(canon(reference(MIXED, { format: 'combined' }, 10)))
    // Worked by hand: 30 lines, 3 skipped ('' and two comments), 6 bad (not a log line, hour 25, GARBAGE, the
    // unclosed quote, minute 60, the tab) → 21 read. With the first line numbered 10, the first bad ones are 19-21.
    expect(fast.badLines).toBe(6)
    expect(fast.badExamples.map((b) => b.line)).toEqual([19, 20, 21])
    expect(fast.lines).toBe(21)
    // ChatGPT twice (referrer, utm), Perplexity (upper-case host), Claude (on Nov 3 in UTC: 05:10 +0530 is 23:40 UTC),
    // Gemini with the path cut to 300 characters. The absolute-form target's utm sits in its host part: no referral.
    expect(fast.referrals.map((r) => `${r.day} ${r.assistant} ${r.path.length > 40 ? r.path.length : r.path} ${r.visits}`).sort()).toEqual([
      '2026-11-03 ChatGPT /guide 2',
      '2026-11-03 Claude /j 1',
      '2026-11-03 Perplexity /b 1',
      '2026-11-04 Gemini 300 1',
    ])
    expect(fast.hits.map((h) => `${h.bot} ${h.verified} ${h.path} ${h.status} ${h.hits}`).sort()).toEqual([
      'GPTBot unverified /pricing 200 1',
      'GPTBot verified /pricing 200 1',
      'other unknown * 404 2',
    ])
    expect(fast.samples.GPTBot).toHaveLength(2)
  })

  it('on the vhost variant, and on random mixes of the same fragments cut anywhere', () => {
    const vhost = MIXED.split('\n').map((l, i) => (i % 3 === 0 ? `www.example.com:443 ${l}` : `example.com ${l}`)).join('\n')
    expect(canon(aggregateText(vhost, { format: 'combined-vhost' }))).toEqual(canon(reference(vhost, { format: 'combined-vhost' })))
    const parts = MIXED.split('\n')
    const r = mulberry32(31)
    for (let round = 0; round < 50; round++) {
      const lines = Array.from({ length: 40 }, () => parts[Math.floor(r() * parts.length)])
      // Now and then a line cut short or two lines run together.
      if (r() < 0.5) lines[Math.floor(r() * lines.length)] = lines[0].slice(0, Math.floor(r() * lines[0].length))
      if (r() < 0.5) lines[1] = lines[1] + lines[2]
      const text = lines.join(r() < 0.5 ? '\n' : '\r\n') + (r() < 0.5 ? '\n' : '')
      expect(canon(aggregateText(text, { format: 'combined' }))).toEqual(canon(reference(text, { format: 'combined' })))
    }
  })
})

describe('a text counted in two parts and merged', () => {
  it('gives the figures of the whole, wherever it is cut at a line end', () => {
    // Twice the sample, so that sample lines (5 per agent) and bad examples (3) overflow across the cut.
    const lines = `${MIXED}\n${MIXED}`.split('\n')
    const whole = canon(aggregateText(lines.join('\n'), { format: 'combined' }, 7, { byAddress: true }))
    for (let cut = 1; cut < lines.length; cut++) {
      const a = aggregateText(lines.slice(0, cut).join('\n') + '\n', { format: 'combined' }, 7, { byAddress: true })
      const b = aggregateText(lines.slice(cut).join('\n'), { format: 'combined' }, 7 + cut, { byAddress: true })
      expect(canon(mergeAggregates(a, b))).toEqual(whole)
    }
  })
})
