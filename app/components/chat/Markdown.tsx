/**
 * Model replies as markdown, rendered safely: marked's lexer reads the markdown and this component builds React
 * elements from its tokens. No HTML string is ever injected: raw HTML in a reply shows as its text, and links
 * are kept only for http, https and mailto targets (safeHref); images show as their alt text. The same code
 * renders a reply while it streams in.
 */
import { Fragment, type ReactNode } from 'react'
import { marked, type Token, type Tokens } from 'marked'
import { safeHref } from '~/domain/chat'
import { withoutEmoji } from '~/domain/glyphs'

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" }
const unescape = (s: string) => s.replace(/&(amp|lt|gt|quot|#39);/g, (m) => ENTITIES[m] ?? m)

function inline(tokens: Token[] | undefined, key = ''): ReactNode[] {
  return (tokens ?? []).map((t, i) => {
    const k = `${key}${i}`
    switch (t.type) {
      case 'strong':
        return <strong key={k}>{inline((t as Tokens.Strong).tokens, k)}</strong>
      case 'em':
        return <em key={k}>{inline((t as Tokens.Em).tokens, k)}</em>
      case 'del':
        return <del key={k}>{inline((t as Tokens.Del).tokens, k)}</del>
      case 'codespan':
        return <code key={k}>{unescape((t as Tokens.Codespan).text)}</code>
      case 'br':
        return <br key={k} />
      case 'link': {
        const link = t as Tokens.Link
        const href = safeHref(link.href)
        const children = inline(link.tokens, k)
        return href ? (
          <a key={k} href={href} target="_blank" rel="noopener noreferrer nofollow">
            {children}
          </a>
        ) : (
          <span key={k} className="chat-unsafe-link">{children}</span>
        )
      }
      case 'image':
        return <span key={k}>{(t as Tokens.Image).text}</span>
      case 'text': {
        const x = t as Tokens.Text
        return x.tokens ? <Fragment key={k}>{inline(x.tokens, k)}</Fragment> : <Fragment key={k}>{x.escaped ? unescape(x.text) : x.text}</Fragment>
      }
      case 'escape':
        return <Fragment key={k}>{unescape((t as Tokens.Escape).text)}</Fragment>
      case 'html':
        return <Fragment key={k}>{(t as Tokens.HTML).text}</Fragment>
      default:
        return <Fragment key={k}>{'raw' in t ? String(t.raw) : ''}</Fragment>
    }
  })
}

function block(tokens: Token[], key = ''): ReactNode[] {
  return tokens.map((t, i) => {
    const k = `${key}${i}`
    switch (t.type) {
      case 'space':
      case 'def':
        return null
      case 'heading': {
        const h = t as Tokens.Heading
        const Tag = `h${Math.min(6, Math.max(3, h.depth + 2))}` as 'h3' | 'h4' | 'h5' | 'h6'
        // A heading never depends on an emoji font: its emoji are dropped, its words kept.
        const plain = h.tokens.map((x) => (x.type === 'text' && !(x as Tokens.Text).tokens ? { ...x, text: withoutEmoji((x as Tokens.Text).text) } : x))
        return <Tag key={k}>{inline(plain, k)}</Tag>
      }
      case 'paragraph':
        return <p key={k}>{inline((t as Tokens.Paragraph).tokens, k)}</p>
      case 'text': {
        const x = t as Tokens.Text
        return <Fragment key={k}>{x.tokens ? inline(x.tokens, k) : x.text}</Fragment>
      }
      case 'code':
        return (
          <pre key={k}>
            <code>{(t as Tokens.Code).text}</code>
          </pre>
        )
      case 'blockquote':
        return <blockquote key={k}>{block((t as Tokens.Blockquote).tokens, k)}</blockquote>
      case 'hr':
        return <hr key={k} />
      case 'list': {
        const l = t as Tokens.List
        const items = l.items.map((item, j) => <li key={`${k}-${j}`}>{block(item.tokens, `${k}-${j}-`)}</li>)
        return l.ordered ? (
          <ol key={k} start={typeof l.start === 'number' && l.start !== 1 ? l.start : undefined}>
            {items}
          </ol>
        ) : (
          <ul key={k}>{items}</ul>
        )
      }
      case 'table': {
        const tb = t as Tokens.Table
        return (
          <div key={k} className="chat-table-wrap" role="region" aria-label="Table" tabIndex={0}>
            <table>
              <thead>
                <tr>
                  {tb.header.map((c, j) => (
                    <th key={j} style={c.align ? { textAlign: c.align } : undefined}>
                      {inline(c.tokens, `${k}h${j}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {tb.rows.map((row, r) => (
                  <tr key={r}>
                    {row.map((c, j) => (
                      <td key={j} style={c.align ? { textAlign: c.align } : undefined}>
                        {inline(c.tokens, `${k}r${r}c${j}`)}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )
      }
      case 'html':
        // Raw HTML is shown as the text it is, never interpreted.
        return <p key={k}>{(t as Tokens.HTML).text}</p>
      default:
        return <p key={k}>{'raw' in t ? String(t.raw) : ''}</p>
    }
  })
}

export function Markdown({ text }: { text: string }) {
  const tokens = marked.lexer(text, { gfm: true, breaks: false })
  return <div className="chat-markdown">{block(tokens)}</div>
}
