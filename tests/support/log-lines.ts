/** Access-log lines for the agent-analytics tests: real agents' user agents and a combined-format line on 3 Nov 2026. */
export const GPTBOT = 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.1; +https://openai.com/gptbot)'
export const CHATGPT_USER = 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot'
export const CLAUDEBOT = 'Mozilla/5.0 (compatible; ClaudeBot/1.0; +claudebot@anthropic.com)'
export const AHREFS = 'Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)'
export const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36'

/** One combined-format line of 3 Nov 2026 at `time` (HH:MM:SS, UTC): a GET of `path` answered `status`, 512 bytes. */
export const logLine = (ip: string, time: string, path: string, status: number, ref: string, ua: string) =>
  `${ip} - - [03/Nov/2026:${time} +0000] "GET ${path} HTTP/1.1" ${status} 512 "${ref}" "${ua}"`
