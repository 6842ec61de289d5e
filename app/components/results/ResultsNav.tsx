/** The filters and the sticky tab bar; both change the view through the URL search params. */
import { Link, useNavigate } from '@remix-run/react'
import { FilterSelect } from '~/components/filter-select'
import { RESULT_TABS, type ResultsHeader } from '~/domain/results/types'
import { formatDate } from './format'
import { useResultsHref } from './Parts'
import { useTabBarBottom } from './use-tab-bar-bottom'

export function Filters({ header }: { header: ResultsHeader }) {
  const navigate = useNavigate()
  const href = useResultsHref()
  const go = (changes: Record<string, string | null>) => navigate(href(changes), { preventScrollReset: true })
  const { options, filters } = header
  return (
    <div className="rs-filters" role="group" aria-label="Filters">
      {options.topics.length > 0 && (
        <FilterSelect label="Topic" name="topic" allLabel="All Topics" values={options.topics} value={filters.topic} onChange={(v) => go({ topic: v })} />
      )}
      {options.audiences.length > 0 && (
        <FilterSelect label="Audience" name="audience" allLabel="All Audiences" values={options.audiences} value={filters.audience} onChange={(v) => go({ audience: v })} />
      )}
      {header.mode === 'app' && header.runs.length > 0 && (
        <label>
          Analysis run
          <select name="analysis" value={String(header.analysis?.id ?? '')} onChange={(e) => go({ analysis: e.target.value })}>
            {header.runs.map((r, i) => {
              const sameDay = header.runs.filter((x) => x.date === r.date).length > 1
              return (
                <option key={r.id} value={r.id}>
                  {formatDate(r.date)}
                  {sameDay ? ` ${r.createdAt.slice(11, 16)}` : ''}
                  {i === 0 ? ' (latest)' : ''}
                </option>
              )
            })}
          </select>
        </label>
      )}
      <label>
        Model
        <select name="model" value={filters.model} onChange={(e) => go({ model: e.target.value === 'combined' ? null : e.target.value })}>
          {options.models.map((m) => (
            <option key={m.value} value={m.value}>
              {m.label}
            </option>
          ))}
        </select>
      </label>
    </div>
  )
}

export function TabBar({ header }: { header: ResultsHeader }) {
  const href = useResultsHref()
  const ref = useTabBarBottom()
  return (
    <nav className="tabbar" aria-label="Results tabs" ref={ref}>
      {RESULT_TABS.filter((t) => header.tabs.includes(t.id)).map((t) => (
        <Link
          key={t.id}
          to={href({ tab: t.id === 'overview' ? null : t.id })}
          className={header.tab === t.id ? 'active' : undefined}
          aria-current={header.tab === t.id ? 'page' : undefined}
          preventScrollReset
          data-tab={t.id}
        >
          {t.label}
        </Link>
      ))}
    </nav>
  )
}
