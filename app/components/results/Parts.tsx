/**
 * Small building blocks shared by the results tabs: brand labels and rows with the first-letter
 * icon, metric help tooltips, empty states, tables, URL-state links, fetch and download helpers.
 * Everything user- or model-supplied is rendered as React text (never as HTML).
 */
import { useCallback, useId, useState } from 'react'
import { useLocation } from '@remix-run/react'
import { useToast } from '~/components/toast'
import { errorText } from '~/components/json'
import { OWN_BRAND_COLOUR, formatRank, rankStyle } from './format'
import { toCsv, workbookFromSpec, type Cell, type WorkbookSpec } from './export-sheets'
import type { BrandRef } from '~/domain/results/types'

// ------------------------------------------------------------------ brand labels

/**
 * Brand icon: public favicon services are unreachable on this deployment, so the chain of
 * icon sources (three services, then a generic icon) ends at once in its last step, the brand's first letter (no image requests, no waits).
 */
export function BrandIcon({ name, colour }: { name: string; colour: string }) {
  const letter = [...name.trim()][0] ?? '?'
  return (
    <span className="rs-icon" style={{ background: colour }} aria-hidden>
      {letter}
    </span>
  )
}

export function BrandLabel({ name, isOwn, colour, you = 'Your Brand' }: { name: string; isOwn: boolean; colour?: string; you?: string | null }) {
  return (
    <span className="rs-brand">
      <BrandIcon name={name} colour={colour ?? (isOwn ? OWN_BRAND_COLOUR : '#6b7280')} />
      <span>{name}</span>
      {isOwn && you && <span className="rs-you">{you}</span>}
    </span>
  )
}

/** A brand's table row: the own brand highlighted, the brand label first, then the given cells. */
export function BrandRow({ brand, colour, children }: { brand: BrandRef; colour?: string; children: React.ReactNode }) {
  return (
    <tr className={brand.isOwn ? 'rs-own-row' : undefined} data-brand={brand.name}>
      <td>
        <BrandLabel name={brand.name} isOwn={brand.isOwn} colour={colour} />
      </td>
      {children}
    </tr>
  )
}

// ------------------------------------------------------------------ metric help

export const METRIC_HELP = {
  rank: {
    title: 'Rank',
    text: 'Where an AI answer places the brand in its numbered list or ordinal wording ("first", "second"…): 1 means named first. A brand the answer does not place in a list has no rank (N/A).',
  },
  averageRank: {
    title: 'Average rank',
    text: 'The mean of the brand\'s ranks over the queries where a model ranked it, to 1 decimal. Combined is the mean of the per-model averages. Lower is better: 1-3 green, 4-6 yellow, 7 or more red, grey when never ranked.',
  },
  mentionRate: {
    title: 'Mention rate',
    text: 'The share of AI answers that name the brand at least once: answers mentioning the brand divided by all answers received for the queries and models shown.',
  },
  totalMentions: {
    title: 'Total mentions',
    text: 'How many times tracked brands are named in the answers (whole words, alternative names included; source lists and URLs are ignored), added up over the models shown.',
  },
  winRate: {
    title: 'Win rate',
    text: 'The share of answers in which the brand is ranked ahead of every other tracked brand that the same answer ranks, i.e. it comes out on top of the comparison.',
  },
  rankDelta: {
    title: 'Rank delta',
    text: 'The change in average rank between two analysis runs (earlier minus later). A positive number means the brand moved up the lists; negative means it slipped.',
  },
  coMentionRate: {
    title: 'Co-mention rate',
    text: 'Of the answers that name your brand, the share that also name a given competitor: how often AI models put the two side by side.',
  },
  sentiment: {
    title: 'Sentiment (-1 to +1)',
    text: 'The tone of the sentences that name the brand, from -1 (entirely negative) through 0 (neutral) to +1 (entirely positive). Each positive word in such a sentence adds 1, each negative word subtracts 1.',
  },
  averageSentiment: {
    title: 'Average sentiment',
    text: 'The mean sentiment of every sentence naming the brand across the answers shown, kept within -1 and +1. Positive, neutral and negative percentages are the shares of those sentences.',
  },
  visibilityScore: {
    title: 'Visibility score',
    text: 'The percentage of the six AI models (Claude 4, Perplexity, Gemini 2.0, ChatGPT 5, Grok-4, DeepSeek) that ranked the brand at least once. 80%+ green, 50%+ yellow, 20%+ orange, above 0 red.',
  },
  dominance: {
    title: 'Dominance',
    text: 'How much of one model\'s conversation a brand owns: its mentions as a percentage of all tracked brands\' mentions in that model\'s answers. The heatmap colours deepen at 5, 10, 15, 20, 25, 30, 40, 50, 60 and 70%.',
  },
  mentionsShare: {
    title: 'Mentions share',
    text: 'A brand\'s mentions divided by the mentions of all tracked brands, as a percentage: its share of voice in the AI answers.',
  },
  queryPerformance: {
    title: 'Query performance',
    text: 'How the brand does on one query: the rank each model gave it, the combined average of those ranks and the share of the six models that ranked it at all.',
  },
} as const

export type MetricKey = keyof typeof METRIC_HELP

/** The metric's definition; `extra` adds a line of its own numbers (e.g. how this brand's score is computed). */
export function MetricHelp({ metric, extra }: { metric: MetricKey; extra?: string }) {
  const id = useId()
  const help = METRIC_HELP[metric]
  return (
    <span className="rs-help">
      {/* The "i" is an icon: the button's name is its question (an icon's letter in the name would be read out as "i"). */}
      <button type="button" aria-label={`What is ${help.title.toLowerCase()}?`} aria-describedby={id}>
        <span aria-hidden="true">i</span>
      </button>
      <span role="tooltip" id={id}>
        <strong>{help.title}.</strong> {help.text}
        {extra && (
          <span className="rs-help-extra" data-help-extra>
            {extra}
          </span>
        )}
      </span>
    </span>
  )
}

export function MetricGlossary() {
  return (
    <dl className="rs-glossary">
      {(Object.keys(METRIC_HELP) as MetricKey[]).map((k) => (
        <div key={k}>
          <dt>{METRIC_HELP[k].title}</dt>
          <dd>{METRIC_HELP[k].text}</dd>
        </div>
      ))}
    </dl>
  )
}

// ------------------------------------------------------------------ small displays

export function Empty({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <div className="empty" role="status">
      <strong>{title}</strong>
      {children && <div style={{ marginTop: '.35rem' }}>{children}</div>}
    </div>
  )
}

/** A results table in its scrolling wrapper; `name` is the table's data-table hook for tests. */
/** A table in a sideways-scrolling region that a keyboard can reach and scroll (WCAG 2.1.1), named for screen readers. */
export function DataTable({ name, className, children }: { name: string; className?: string; children: React.ReactNode }) {
  return (
    <div className="rs-table-wrap" role="region" aria-label={`${name.replace(/-/g, ' ')} table`} tabIndex={0}>
      <table className={className ? `data rs-table ${className}` : 'data rs-table'} data-table={name}>
        {children}
      </table>
    </div>
  )
}

export function RankCell({ rank }: { rank: number | null | undefined }) {
  return (
    <span className="rs-cell" style={rankStyle(rank)}>
      {formatRank(rank)}
    </span>
  )
}

export function Tile({ label, value, help, note }: { label: string; value: string; help?: MetricKey; note?: string }) {
  return (
    <div className="rs-tile" data-tile={label}>
      <div className="rs-tile-label">
        {label}
        {help && <MetricHelp metric={help} />}
      </div>
      <div className="rs-tile-value">{value}</div>
      {note && <div className="rs-tile-note muted">{note}</div>}
    </div>
  )
}

// ------------------------------------------------------------------ URL state

/** Builds a link to the current page with some search params changed (null removes one; a list repeats the param). */
export function useResultsHref() {
  const location = useLocation()
  return useCallback(
    (changes: Record<string, string | readonly string[] | null | undefined>) => {
      const sp = new URLSearchParams(location.search)
      for (const [k, v] of Object.entries(changes)) {
        if (typeof v === 'object' && v !== null) {
          sp.delete(k)
          for (const x of v) sp.append(k, x)
        } else if (v === null || v === undefined || v === '') sp.delete(k)
        else sp.set(k, v)
      }
      const qs = sp.toString()
      return `${location.pathname}${qs ? `?${qs}` : ''}`
    },
    [location.pathname, location.search],
  )
}

// ------------------------------------------------------------------ downloads

function saveBlob(fileName: string, blob: Blob) {
  const a = document.createElement('a')
  a.href = URL.createObjectURL(blob)
  a.download = fileName
  document.body.appendChild(a)
  a.click()
  a.remove()
  setTimeout(() => URL.revokeObjectURL(a.href), 2000)
}

/** Writes the workbook in the browser; xlsx is loaded only now, so it stays out of the page bundle. */
export async function downloadWorkbook(spec: WorkbookSpec) {
  const XLSX = await import('xlsx')
  const wb = workbookFromSpec(XLSX, spec)
  const data = XLSX.write(wb, { bookType: 'xlsx', type: 'array' }) as ArrayBuffer
  saveBlob(spec.fileName, new Blob([data], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }))
}

export function downloadCsv(fileName: string, rows: Cell[][]) {
  // BOM so Excel reads UTF-8 brand names correctly.
  saveBlob(fileName, new Blob(['\ufeff' + toCsv(rows)], { type: 'text/csv;charset=utf-8' }))
}

export function ExportButton({ build, label = 'Export Excel' }: { build: () => WorkbookSpec; label?: string }) {
  const toast = useToast()
  const [busy, setBusy] = useState(false)
  return (
    <button
      type="button"
      className="btn btn-small"
      disabled={busy}
      onClick={async () => {
        setBusy(true)
        try {
          await downloadWorkbook(build())
        } catch (err) {
          toast({ title: 'Export Failed', description: errorText(err, 'Export failed'), variant: 'destructive' })
        } finally {
          setBusy(false)
        }
      }}
    >
      {busy ? 'Exporting...' : label}
    </button>
  )
}

/** Highlights the indicator words inside a statement, as text nodes and <mark> elements. */
export function Highlighted({ text, words }: { text: string; words: string[] }) {
  if (!words.length) return <>{text}</>
  const escaped = words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).sort((a, b) => b.length - a.length)
  const re = new RegExp(`(?<![\\p{L}\\p{N}])(${escaped.join('|')})(?![\\p{L}\\p{N}])`, 'giu')
  const parts: React.ReactNode[] = []
  let last = 0
  let i = 0
  for (const m of text.matchAll(re)) {
    const at = m.index ?? 0
    if (at > last) parts.push(text.slice(last, at))
    parts.push(<mark key={i++}>{m[0]}</mark>)
    last = at + m[0].length
  }
  if (last < text.length) parts.push(text.slice(last))
  return <>{parts}</>
}
