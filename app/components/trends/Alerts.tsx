import { formatDate } from '~/components/results/format'
import type { TrendAlert } from '~/domain/trends'
import { AlertWebhook } from './AlertWebhook'
import { Help } from './TrendPanel'

/** The project's alerts, newest first, and (for the owner) the webhook they are sent to. */
export function Alerts({ alerts, projectId, isOwner }: { alerts: TrendAlert[]; projectId: number; isOwner: boolean }) {
  return (
    <section className="panel" data-testid="trend-alerts">
      <h2 style={{ marginTop: 0 }}>
        Alerts ({alerts.length}) <Help label="About alerts" text="A run is compared with the previous 7 runs pooled (two-proportion z-tests on the own brand's mention share and rank rate, a two-sample z-test on its average rank; |z| of 3.29 or more, p < 0.001): only moves that chance does not explain raise an alert." />
      </h2>
      {alerts.length === 0 ? (
        <p className="muted">No alerts: no run moved beyond what chance explains.</p>
      ) : (
        <ul>
          {[...alerts].reverse().map((a) => (
            <li key={`${a.analysisId}-${a.metric}`}>
              {formatDate(a.date)}: {a.message}
            </li>
          ))}
        </ul>
      )}
      {isOwner && <AlertWebhook projectId={projectId} />}
    </section>
  )
}
