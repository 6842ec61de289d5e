/**
 * The text of an answer that is not the answer (sources headings, URLs,
 * www links, bracketed numbers), found so that mentions and ranks read only the answer itself.
 *
 * Decisions where the spec is silent:
 * - A reference heading is a line whose whole text (after "#" marks, emphasis and 【】 brackets) is one
 *   of the words in reference-headings.ts, or two joined by "&", "and" or "/", followed by a colon or the
 *   end of the line. Everything from that line on is ignored. Prose such as "References to Nike..." or
 *   "Sources say..." is not a heading.
 * - A trailing block after a horizontal rule ("---") with no heading, whose every non-blank line holds a
 *   URL (a title plus a link), is a reference list: ignored from the rule on.
 * - Markdown footnote definitions anywhere ("[^1]: Title – https://…") and link definitions
 *   ("[1]: https://…", "[1] Title https://…") are citations: their whole line is ignored.
 * - A URL runs to the next whitespace or full-width punctuation (。、（）「」); it also runs through a space
 *   or an ideographic space when one of the next three words continues the path (holds "/"), or the next
 *   holds "%" or is a file name (.html, .pdf, ...), and the target of
 *   a markdown link "[text](…)" is one URL up to its ")", spaces and full-width characters included. The
 *   link text is answer text and counts.
 * - Removed URLs, www links and bracketed numbers ([1], [12], [1, 2], [1-3]) are replaced by a space, so
 *   neighbouring words never glue together; trailing punctuation after a URL is kept so sentence ends
 *   survive. Bare domains without "www" or a scheme ("nike.com") are ordinary text.
 */
import { REFERENCE_HEADINGS } from './reference-headings'

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
const HEADING_WORDS = [...new Set(Object.values(REFERENCE_HEADINGS).flat())].sort((a, b) => b.length - a.length)
const HEADING_WORD = `(?:${HEADING_WORDS.map((w) => escapeRegex(w).replace(/ /g, '[ \\t]+')).join('|')})`
/** A reference heading, matched (sticky) at the start of a line. */
const SOURCES_HEADING = new RegExp(
  `[ \\t]*(?:#{1,6}[ \\t]*)?(?:[*_]{1,3}[ \\t]*)?[【\\[]?${HEADING_WORD}(?:[ \\t]*(?:&|and|/|・|、)[ \\t]*${HEADING_WORD})?[】\\]]?[ \\t]*(?:[*_]{1,3})?[ \\t]*(?::|：|\\r?$)`,
  'imy',
)
/**
 * The first two code units of every heading word, in lower and upper case, as one number: most lines fail this
 * test before any regex runs (SOURCES_HEADING then decides, case-insensitively).
 */
const HEADING_STARTS = new Set<number>()
for (const w of HEADING_WORDS) {
  for (const a of [w.charAt(0).toLowerCase(), w.charAt(0).toUpperCase()]) {
    for (const b of [w.charAt(1).toLowerCase(), w.charAt(1).toUpperCase()]) HEADING_STARTS.add(a.charCodeAt(0) * 65536 + b.charCodeAt(0))
  }
}

/** Characters a heading line may start with before its word (spaces, "#" marks, bold/italic markers, 【 and [). */
function isHeadingLead(c: number): boolean {
  return c === 32 || c === 9 || c === 35 || c === 42 || c === 95 || c === 0x3010 || c === 91
}

/**
 * Start of the first reference heading line, or -1. A line is only tested when the two characters after its
 * lead could start a heading word (HEADING_STARTS): every line where SOURCES_HEADING matches is tested.
 */
function referenceHeadingStart(text: string): number {
  for (let lineStart = 0; lineStart < text.length; ) {
    let i = lineStart
    while (i < text.length && isHeadingLead(text.charCodeAt(i))) i++
    if (i < text.length && HEADING_STARTS.has(text.charCodeAt(i) * 65536 + text.charCodeAt(i + 1))) {
      SOURCES_HEADING.lastIndex = lineStart
      if (SOURCES_HEADING.test(text)) return lineStart
    }
    const nl = text.indexOf('\n', i)
    if (nl < 0) break
    lineStart = nl + 1
  }
  return -1
}

const RULE_LINE = /^[ \t]*([-*_])(?:[ \t]*\1){2,}[ \t]*\r?$/
const HAS_URL = /(?:https?:\/\/|www\.)\S/i

/** Start of a trailing horizontal rule followed only by lines that hold a URL (at least one), or -1. */
function trailingCitationStart(text: string): number {
  let end = text.length
  let citations = 0
  while (end > 0) {
    const nl = text.lastIndexOf('\n', end - 1)
    const line = text.slice(nl + 1, end)
    if (line.trim() !== '') {
      if (RULE_LINE.test(line)) return citations > 0 ? nl + 1 : -1
      if (!HAS_URL.test(line)) return -1
      citations++
    }
    if (nl < 0) return -1
    end = nl
  }
  return -1
}

/** Footnote and link definitions: "[^1]: …", "[1]: https://…", "[1] Title https://…" (the whole line). */
const DEFINITION = /^[ \t]*(?:\[\^[^\]\s]{1,20}\]:|\[[^\]\n]{1,40}\]:[ \t]*<?(?:https?:|www\.)|\[\d{1,3}\][ \t].*(?:https?:\/\/|www\.)).*$/gm
/** The target of a markdown link: "](" + a URL with anything but ")" and line breaks + ")". */
const LINK_TARGET = /\]\(((?:https?|ftp):\/\/[^)\n]*|www\.[^)\n]*)\)/gi
/** Not in a URL: whitespace, quotes, angle brackets and full-width punctuation (。、（）「」…). */
const NOT_URL = '\\s<>"\'`。、，！？（）「」『』【】'
/** Not at the end of a URL: also sentence punctuation and closing brackets. */
const NOT_URL_END = NOT_URL + '.,;:!?)\\]}*'
/**
 * A URL or www link. At its end it goes on through a space (not before another link) and the next word, when one
 * of the next three words continues the path ("/"), or the next holds "%" or is a file name; that part is only
 * tried where a URL ends, and a URL never ends in punctuation, so never after a sentence.
 */
const URL_RE = new RegExp(
  `\\b(?:(?:https?|ftp)://|www\\.)[^${NOT_URL}]*[^${NOT_URL_END}]` +
    `(?:[ \\u3000](?!https?:|www\\.)(?=(?:[^${NOT_URL}]+[ \\u3000]){0,2}[^${NOT_URL}]*/|[^${NOT_URL}]*%|[^${NOT_URL}]*\\.(?:html?|pdf|php|aspx?)(?![A-Za-z0-9]))[^${NOT_URL}]*[^${NOT_URL_END}])*`,
  'gi',
)
const BRACKET_NUM_RE = /\[\d{1,3}(?:\s*[,–-]\s*\d{1,3})*\]/g

/** The countable text: the reference section cut, definitions, URLs, www links and [n] replaced (by `blank`). */
function countable(text: string, blank: (m: string) => string): string {
  if (!text) return ''
  let t = text
  const heading = referenceHeadingStart(t)
  if (heading >= 0) t = t.slice(0, heading)
  const trailing = trailingCitationStart(t)
  if (trailing >= 0) t = t.slice(0, trailing)
  // a definition starts its line with "[": most answers have none (their [n] markers follow text)
  if (t.includes(']:') || t.startsWith('[') || t.includes('\n[')) t = t.replace(DEFINITION, blank)
  if (t.includes('](')) t = t.replace(LINK_TARGET, (_m: string, url: string) => '](' + blank(url) + ')')
  return t.replace(URL_RE, blank).replace(BRACKET_NUM_RE, blank)
}

const oneSpace = () => ' '
const spaces = (m: string) => ' '.repeat(m.length)

/** Cuts the reference apparatus and removes definitions, URLs, www links and [n] (each becomes one space). */
export function stripNonCountable(text: string): string {
  return countable(text, oneSpace)
}

/**
 * The countable text at the original length: the reference section cut, the rest blanked with spaces, so
 * positions of brand matches are positions in the text shown (evidence highlights).
 */
export function countableAtLength(text: string): string {
  return countable(text, spaces)
}
