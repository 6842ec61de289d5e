/** What optimised HTML may keep (model output and anything a client sends back): content markup only. */
import type sanitizeHtml from 'sanitize-html'

export const OPTIMISED_HTML_POLICY: sanitizeHtml.IOptions = {
  allowedTags: ['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'ul', 'ol', 'li', 'strong', 'em', 'b', 'i', 'a', 'blockquote', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'caption', 'figure', 'figcaption', 'img', 'br', 'hr', 'code', 'pre', 'section', 'article', 'dl', 'dt', 'dd', 'span', 'time', 'abbr'],
  allowedAttributes: { a: ['href', 'title', 'rel'], img: ['src', 'alt', 'title', 'width', 'height'], time: ['datetime'], th: ['scope'], abbr: ['title'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowProtocolRelative: false,
}
