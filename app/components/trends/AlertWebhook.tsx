import { useEffect, useState } from 'react'
import { errorText, fetchJson } from '~/components/json'
import { useToast } from '~/components/toast'
import { SIGNATURE_HEADER, TIMESTAMP_HEADER } from '~/domain/trends/webhook'
import { Help } from './TrendPanel'

/** The owner's alert webhook: save an https URL (its signing secret is shown once) or remove it. */
export function AlertWebhook({ projectId }: { projectId: number }) {
  const toast = useToast()
  const [url, setUrl] = useState('')
  const [saved, setSaved] = useState<string | null>(null)
  const [secret, setSecret] = useState<string | null>(null)
  useEffect(() => {
    fetchJson<{ url: string | null }>(`/api/projects/${projectId}/alert-webhook`).then((r) => setSaved(r.url), () => undefined)
  }, [projectId])
  const save = async () => {
    try {
      const r = await fetchJson<{ url: string; secret: string }>(`/api/projects/${projectId}/alert-webhook`, { method: 'POST', body: { url } })
      setSaved(r.url)
      setSecret(r.secret)
      setUrl('')
    } catch (err) {
      toast({ title: 'Update Failed', description: errorText(err, 'Failed to save the webhook'), variant: 'destructive' })
    }
  }
  return (
    <div data-testid="alert-webhook" style={{ marginTop: '.5rem', fontSize: '.9rem' }}>
      <strong>Webhook</strong>{' '}
      <Help label="About the webhook" text={`Each new alert is POSTed as JSON to this https URL (public addresses only). Verify it: HMAC-SHA256 of "<${TIMESTAMP_HEADER}>.<body>" with your secret equals the ${SIGNATURE_HEADER} header after "sha256=".`} />{' '}
      {saved ? (
        <>
          <span>{saved}</span>{' '}
          <button type="button" className="btn btn-small" onClick={() => fetchJson(`/api/projects/${projectId}/alert-webhook`, { method: 'DELETE' }).then(() => (setSaved(null), setSecret(null)), () => undefined)}>
            Remove
          </button>
        </>
      ) : (
        <>
          <input type="url" placeholder="https://example.com/hooks/brand-alerts" value={url} onChange={(e) => setUrl(e.target.value)} aria-label="Webhook URL" style={{ minWidth: 280 }} />{' '}
          <button type="button" className="btn btn-small" disabled={!url.trim()} onClick={save}>
            Save Webhook
          </button>
        </>
      )}
      {secret && (
        <div className="rs-notice" data-testid="webhook-secret">
          Signing secret (shown once): <code>{secret}</code>
        </div>
      )}
    </div>
  )
}
