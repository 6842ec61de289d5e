/**
 * Discovered brands: brands the answers name that the project does not track, with
 * how often, by how many models, their average rank, and what the own brand's share would be if
 * each were tracked; one click adds one as a competitor and recounts the analysis's mentions.
 */
import { useEffect, useState } from 'react'
import { useRevalidator } from '@remix-run/react'
import { useToast } from '~/components/toast'
import type { Discovery } from '~/domain/discovered'
import { DataTable } from './Parts'
import { errorText, fetchJson } from '~/components/json'
import type { ResultsHeader } from '~/domain/results/types'

type Loaded = Discovery & { competitors: number; maxCompetitors: number }

export function DiscoveredBrands({ header }: { header: ResultsHeader }) {
  const toast = useToast()
  const revalidator = useRevalidator()
  const analysisId = header.mode === 'app' ? header.analysis?.id : undefined
  const [data, setData] = useState<Loaded | null>(null)
  const [failed, setFailed] = useState<string | null>(null)
  const [adding, setAdding] = useState<string | null>(null)
  const [version, setVersion] = useState(0)

  useEffect(() => {
    if (!analysisId) return
    let live = true
    fetchJson<Loaded>(`/api/analyses/${analysisId}/discovered-brands`)
      .then((d) => live && (setData(d), setFailed(null)))
      .catch((err) => live && setFailed(errorText(err, 'Could not load discovered brands')))
    return () => {
      live = false
    }
  }, [analysisId, version])

  if (!analysisId || header.analysis?.status !== 'completed') return null
  if (failed) return <p className="muted" data-testid="discovered-brands-error">{failed}</p>
  if (!data) return <p className="muted">Looking for brands the answers name that you do not track…</p>
  if (data.brands.length === 0) return null
  const full = data.competitors >= data.maxCompetitors
  const canAdd = header.project.isOwner

  return (
    <section className="panel discovered-brands" data-testid="discovered-brands">
      <div className="rs-panel-head">
        <h2>Brands the answers name that you do not track</h2>
      </div>
      <p className="muted" style={{ marginTop: 0 }}>
        These names are listed, ranked or set in bold in the answers of this analysis (all models), but they are neither your brand nor a tracked
        competitor, so the shares above leave them out. Your share of mentions among tracked brands is <strong>{data.ownShare}%</strong>; the last
        column shows what it would be with that brand tracked.
        {full && ` The project already has the maximum of ${data.maxCompetitors} competitors: remove one in the project's setup to add another.`}
      </p>
      <DataTable name="discovered-brands">
          <thead>
            <tr>
              <th>Brand</th>
              <th className="num">Answers</th>
              <th className="num">Models</th>
              <th className="num">Mentions</th>
              <th className="num">Avg rank</th>
              <th className="num">Your share if tracked</th>
              {canAdd && <th />}
            </tr>
          </thead>
          <tbody>
            {data.brands.map((b) => (
              <tr key={b.name} data-discovered={b.name}>
                <td>{b.name}</td>
                <td className="num">{b.answers}</td>
                <td className="num">{b.models}</td>
                <td className="num">{b.mentions}</td>
                <td className="num">{b.averageRank === null ? 'N/A' : `#${b.averageRank}`}</td>
                <td className="num">
                  {b.ownShareIfTracked}% <span className="muted">(now {data.ownShare}%)</span>
                </td>
                {canAdd && (
                  <td>
                    <button
                      type="button"
                      className="btn btn-small"
                      disabled={full || adding !== null}
                      title={full ? `Maximum of ${data.maxCompetitors} competitors reached` : `Track ${b.name} as a competitor and recount this analysis's mentions`}
                      onClick={async () => {
                        setAdding(b.name)
                        try {
                          await fetchJson(`/api/analyses/${analysisId}/discovered-brands`, { method: 'POST', body: { name: b.name } })
                          toast({ title: 'Competitor Added', description: `${b.name} is now tracked; this analysis's mentions were recounted.`, variant: 'success' })
                          setVersion((v) => v + 1)
                          revalidator.revalidate()
                        } catch (err) {
                          toast({ title: 'Update Failed', description: errorText(err, 'Could not add the competitor'), variant: 'destructive' })
                        } finally {
                          setAdding(null)
                        }
                      }}
                    >
                      {adding === b.name ? 'Adding…' : 'Add as competitor'}
                    </button>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
      </DataTable>
    </section>
  )
}
