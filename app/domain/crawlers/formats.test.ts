import { describe, expect, it } from 'vitest'
import { detectFormat, guessCsvMapping, parseLine, type FormatSpec } from './formats'

// Apache's documented example lines (mod_log_config "Common Log Format" / "Combined Log Format").
const COMMON = '127.0.0.1 - frank [10/Oct/2000:13:55:36 -0700] "GET /apache_pb.gif HTTP/1.0" 200 2326'
const COMBINED = COMMON + ' "http://www.example.com/start.html" "Mozilla/4.08 [en] (Win98; I ;Nav)"'
// vhost_combined: "%v:%p %h %l %u %t ..." (Debian's default for virtual hosts).
const VHOST = 'www.example.com:443 ' + COMBINED
const GPTBOT_UA = 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.1; +https://openai.com/gptbot)'
const NGINX = `20.171.206.7 - - [03/Nov/2026:06:25:14 +0000] "GET /pricing?plan=pro HTTP/1.1" 403 153 "-" "${GPTBOT_UA}"`
// A user agent with an escaped quote, as nginx writes it.
const ESCAPED = '198.51.100.4 - - [03/Nov/2026:06:25:15 +0000] "GET / HTTP/1.1" 200 10 "-" "Bot \\"quoted\\" 1.0"'

// AWS CloudFront standard log, the documentation's example (#Fields header, tab-separated, URL-encoded UA).
const CF_FIELDS =
  '#Fields: date time x-edge-location sc-bytes c-ip cs-method cs(Host) cs-uri-stem sc-status cs(Referer) cs(User-Agent) cs-uri-query cs(Cookie) x-edge-result-type x-edge-request-id x-host-header cs-protocol cs-bytes time-taken'
const CF_LINE = [
  '2019-12-04', '21:02:31', 'LAX1', '392', '192.0.2.100', 'GET', 'd111111abcdef8.cloudfront.net', '/index.html', '200', '-',
  'Mozilla/5.0%20(Windows%20NT%2010.0;%20Win64;%20x64)%20AppleWebKit/537.36%20(KHTML,%20like%20Gecko)%20Chrome/78.0.3904.108%20Safari/537.36',
  '-', '-', 'Hit', 'SOX4xwn4XV6Q4rgb7XiVGOHms_BGlTAC4KyHmureZmBNrjGdRLiNIQ==', 'd111111abcdef8.cloudfront.net', 'https', '23', '0.001',
].join('\t')

// Cloudflare Logpush http_requests (IBM QRadar's published sample, trimmed), with EdgeStartTimestamp as RFC 3339.
const CLOUDFLARE =
  '{"ClientIP":"10.0.0.1","ClientRequestHost":"host.domain.test","ClientRequestMethod":"GET","ClientRequestURI":"/cdn-cgi/images/cf-icon-cloud.png",' +
  '"EdgeEndTimestamp":"2020-10-13T19:49:36Z","EdgeResponseBytes":1895,"EdgeResponseStatus":200,"EdgeStartTimestamp":"2020-10-13T19:49:36Z","RayID":"5e1b95b9ea390cc5",' +
  '"ClientRequestReferer":"http://host.domain.test/cdn-cgi/styles/main.css","ClientRequestUserAgent":"Mozilla/5.0 (compatible; ClaudeBot/1.0; +claudebot@anthropic.com)"}'
// Logpush's default timestamp format: Unix nanoseconds.
const CLOUDFLARE_NS = '{"ClientIP":"192.0.2.1","RayID":"41ddf1740f67442d","EdgeStartTimestamp":1526810289280000000,"ClientRequestURI":"/","EdgeResponseStatus":404}'
// Vercel log drain (JSON): the request in `proxy`, the user agent as an array.
const VERCEL =
  '{"id":"1573817187330377061717300000","message":"done","timestamp":1573817187330,"type":"request","source":"lambda","projectId":"gdufoJxB6b9b1fEqr1jUtFkyavUU",' +
  '"deploymentId":"dpl_233NRGRjVZX1caZrXWtz5g1TAksD","host":"my-app.vercel.app","path":"/api/users","proxy":{"timestamp":1573817250172,"method":"GET","scheme":"https",' +
  '"host":"my-app.vercel.app","path":"/dynamic/some-value.json?route=value","userAgent":["Mozilla/5.0 (compatible; PerplexityBot/1.0; +https://perplexity.ai/perplexitybot)"],' +
  '"referer":"https://vercel.com","statusCode":200,"clientIp":"120.75.16.101","region":"sfo1","vercelCache":"MISS"}}'
// Fastly real-time logging with a JSON log format (fields named as Fastly's JSON logging guide does).
const FASTLY =
  '{"timestamp":"2026-11-03T08:00:01+0000","client_ip":"203.0.113.7","host":"www.example.com","url":"/blog/guide?utm_source=chatgpt.com",' +
  '"request_method":"GET","response_status":200,"request_user_agent":"Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)","request_referer":""}'

const parse = (line: string, spec: FormatSpec) => {
  const r = parseLine(line, spec)
  if (!r.ok) throw new Error(r.reason)
  return r.record
}

describe('format detection', () => {
  it('tells the CLF variants apart', () => {
    expect(detectFormat([COMBINED, NGINX])?.format).toBe('combined')
    expect(detectFormat([COMMON])?.format).toBe('common')
    expect(detectFormat([VHOST])?.format).toBe('combined-vhost')
    expect(detectFormat(['www.example.com:80 ' + COMMON])?.format).toBe('common-vhost')
  })
  it('reads the CloudFront #Fields header, JSON lines and a CSV header', () => {
    const cf = detectFormat(['#Version: 1.0', CF_FIELDS, CF_LINE])
    expect(cf?.format).toBe('cloudfront')
    expect(cf?.fields?.[4]).toBe('c-ip')
    expect(detectFormat([CLOUDFLARE])?.format).toBe('json')
    expect(detectFormat(['timestamp,client_ip,url,status,user_agent', '2026-11-03T08:00:00Z,1.2.3.4,/,200,x'])).toEqual({
      format: 'csv', fields: ['timestamp', 'client_ip', 'url', 'status', 'user_agent'],
    })
    expect(detectFormat(['hello world', 'nothing here'])).toBeNull()
  })
})

describe('parsers', () => {
  it('combined: the time in UTC, path and query apart, referrer and user agent', () => {
    const r = parse(COMBINED, { format: 'combined' })
    // 13:55:36 at -0700 is 20:55:36 UTC.
    expect(new Date(r.time).toISOString()).toBe('2000-10-10T20:55:36.000Z')
    expect(r).toMatchObject({ ip: '127.0.0.1', method: 'GET', path: '/apache_pb.gif', query: '', status: 200, referer: 'http://www.example.com/start.html', userAgent: 'Mozilla/4.08 [en] (Win98; I ;Nav)' })
    expect(parse(NGINX, { format: 'combined' })).toMatchObject({ path: '/pricing', query: 'plan=pro', status: 403, referer: '', userAgent: GPTBOT_UA })
    expect(parse(ESCAPED, { format: 'combined' }).userAgent).toBe('Bot "quoted" 1.0')
  })
  it('common and vhost', () => {
    expect(parse(COMMON, { format: 'common' })).toMatchObject({ userAgent: '', referer: '', status: 200 })
    expect(parse(VHOST, { format: 'combined-vhost' })).toMatchObject({ host: 'www.example.com', ip: '127.0.0.1' })
  })
  it('CloudFront: decodes the user agent', () => {
    const spec = detectFormat([CF_FIELDS])!
    const r = parse(CF_LINE, spec)
    expect(new Date(r.time).toISOString()).toBe('2019-12-04T21:02:31.000Z')
    expect(r).toMatchObject({ ip: '192.0.2.100', path: '/index.html', status: 200, host: 'd111111abcdef8.cloudfront.net', referer: '' })
    expect(r.userAgent).toMatch(/^Mozilla\/5\.0 \(Windows NT 10\.0; Win64; x64\)/)
  })
  it('Cloudflare, Vercel and Fastly JSON lines', () => {
    expect(parse(CLOUDFLARE, { format: 'json' })).toMatchObject({ ip: '10.0.0.1', host: 'host.domain.test', status: 200, path: '/cdn-cgi/images/cf-icon-cloud.png' })
    // 1526810289280000000 ns = 1526810289280 ms.
    expect(parse(CLOUDFLARE_NS, { format: 'json' }).time).toBe(1526810289280)
    const v = parse(VERCEL, { format: 'json' })
    expect(v).toMatchObject({ time: 1573817250172, path: '/dynamic/some-value.json', query: 'route=value', ip: '120.75.16.101', status: 200 })
    expect(v.userAgent).toContain('PerplexityBot')
    const f = parse(FASTLY, { format: 'json' })
    expect(new Date(f.time).toISOString()).toBe('2026-11-03T08:00:01.000Z')
    expect(f).toMatchObject({ path: '/blog/guide', query: 'utm_source=chatgpt.com', ip: '203.0.113.7' })
  })
  it('CSV with a mapping the user confirmed', () => {
    const header = ['when', 'addr', 'page', 'code', 'agent', 'ref']
    const guess = guessCsvMapping(['timestamp', 'client_ip', 'url', 'status', 'user_agent'])
    expect(guess).toEqual({ time: 'timestamp', ip: 'client_ip', path: 'url', status: 'status', userAgent: 'user_agent' })
    const spec: FormatSpec = { format: 'csv', fields: header, csv: { time: 'when', ip: 'addr', path: 'page', status: 'code', userAgent: 'agent', referer: 'ref' } }
    const r = parse('2026-11-03T08:00:00Z,1.2.3.4,/a?b=1,301,"Mozilla/5.0 (compatible; ""x"", GPTBot/1.1)",https://chatgpt.com/', spec)
    expect(r).toMatchObject({ ip: '1.2.3.4', path: '/a', query: 'b=1', status: 301, userAgent: 'Mozilla/5.0 (compatible; "x", GPTBot/1.1)', referer: 'https://chatgpt.com/' })
    expect(parseLine('2026-11-03T08:00:00Z,1.2.3.4,/a,301', { format: 'csv', fields: header })).toEqual({ ok: false, reason: 'the CSV column mapping is not confirmed' })
  })
  it('says why a line is not read', () => {
    expect(parseLine('garbage', { format: 'combined' })).toEqual({ ok: false, reason: 'not a nginx/Apache combined line' })
    expect(parseLine('{"a":', { format: 'json' })).toEqual({ ok: false, reason: 'not valid JSON' })
    expect(parseLine('127.0.0.1 - - [99/Foo/2000:13:55:36 -0700] "GET / HTTP/1.0" 200 1 "-" "-"', { format: 'combined' }))
      .toEqual({ ok: false, reason: "time '99/Foo/2000:13:55:36 -0700' is not dd/Mon/yyyy:hh:mm:ss ±hhmm" })
  })
})
