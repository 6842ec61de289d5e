/**
 * The optimiser's PDF export (POST .../export-pdf): a report rendered as HTML on the server (scores, radar chart as
 * SVG, critical actions, recommendations, optimised content) and printed by Chromium through puppeteer — with
 * JavaScript off and every network request refused, so nothing in the content can make the server fetch a URL.
 * Without Chromium the same HTML is the answer (the screen then says 'HTML Downloaded').
 */
import { existsSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { mkdtempSync, rmSync } from 'node:fs'
import sanitizeHtml from 'sanitize-html'
import { BAND_LABELS, PILLAR_LABELS, PILLARS, scoreBand, toHundred, type OptimiserAnalysis } from '../domain/optimiser'
import { OPTIMISED_HTML_POLICY } from '../domain/optimiser/html-policy'

const esc = (s: unknown) => String(s ?? '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

function radarSvg(scores: OptimiserAnalysis['scores']): string {
  const cx = 170
  const cy = 150
  const r = 105
  const pt = (i: number, v: number) => {
    const a = (-90 + (i * 360) / PILLARS.length) * (Math.PI / 180)
    return [cx + Math.cos(a) * r * v, cy + Math.sin(a) * r * v]
  }
  const ring = (v: number) => PILLARS.map((_, i) => pt(i, v).map((n) => n.toFixed(1)).join(',')).join(' ')
  const shape = PILLARS.map((p, i) => pt(i, (scores[p] ?? 0) / 10).map((n) => n.toFixed(1)).join(',')).join(' ')
  const labels = PILLARS.map((p, i) => {
    const [x, y] = pt(i, 1.22)
    return `<text x="${x.toFixed(1)}" y="${y.toFixed(1)}" text-anchor="middle" font-size="10">${esc(PILLAR_LABELS[p])}</text>`
  }).join('')
  return `<svg xmlns="http://www.w3.org/2000/svg" width="340" height="300" viewBox="0 0 340 300">${[0.25, 0.5, 0.75, 1].map((v) => `<polygon points="${ring(v)}" fill="none" stroke="#d1d5db"/>`).join('')}<polygon points="${shape}" fill="#2563eb" fill-opacity="0.35" stroke="#2563eb"/>${labels}</svg>`
}

export interface ReportInput {
  analysisResult: OptimiserAnalysis
  optimisedContent: string | null
  metadata: { originalQuery?: string; language?: string; customRequirements?: string; exportedAt?: string }
}

export function reportHtml({ analysisResult: r, optimisedContent, metadata }: ReportInput): string {
  const s = r.scores ?? ({ overall: 0 } as OptimiserAnalysis['scores'])
  const rows = PILLARS.map((p) => `<tr><td>${esc(PILLAR_LABELS[p])}</td><td>${s[p] === null || s[p] === undefined ? 'Failed' : toHundred(s[p] as number)}</td></tr>`).join('')
  const actions = (Array.isArray(r.criticalActions) ? r.criticalActions : []).map((a) => `<li><strong>${esc(a?.pillar)}</strong> (${esc(a?.impact)}): ${(Array.isArray(a?.actions) ? a.actions : []).map(esc).join('; ')}</li>`).join('')
  const recs = (Array.isArray(r.summarizedRecommendations) ? r.summarizedRecommendations : []).map((x) => `<li>[${esc(x?.priority)}] <strong>${esc(x?.category)}</strong>: ${esc(x?.recommendation)}</li>`).join('')
  return `<!doctype html><html><head><meta charset="utf-8"><title>Content optimisation report</title>
<style>body{font-family:system-ui,sans-serif;margin:28px;color:#111;line-height:1.45}h1{margin:0 0 4px}table{border-collapse:collapse}td{border-bottom:1px solid #ddd;padding:3px 12px 3px 0}.overall{font-size:40px;font-weight:700}.row{display:flex;gap:24px;align-items:center}.content{border-top:2px solid #111;margin-top:18px;padding-top:8px}</style></head><body>
<h1>Content optimisation report</h1>
<p>Target prompt: ${esc(metadata.originalQuery || r.prompt)} · Language: ${esc(metadata.language ?? 'en-GB')}${metadata.exportedAt ? ` · Exported ${esc(metadata.exportedAt)}` : ''}</p>
<div class="row"><div><div class="overall">Overall score: ${esc(s.overall)}</div><div>${esc(BAND_LABELS[scoreBand(s.overall ?? 0)])}</div><table>${rows}</table></div>${radarSvg(s)}</div>
<h2>Critical actions</h2><ul>${actions || '<li>None</li>'}</ul>
<h2>Recommendations</h2><ul>${recs || '<li>None</li>'}</ul>
${metadata.customRequirements ? `<p><em>Additional requirements: ${esc(metadata.customRequirements)}</em></p>` : ''}
${optimisedContent ? `<div class="content"><h2>Optimised content</h2>${sanitizeHtml(optimisedContent, OPTIMISED_HTML_POLICY)}</div>` : ''}
</body></html>`
}

function chromiumPath(): string | null {
  if (process.env.CHROMIUM_PATH) return existsSync(process.env.CHROMIUM_PATH) ? process.env.CHROMIUM_PATH : null
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    for (const name of ['chromium', 'chromium-browser', 'google-chrome']) {
      const p = path.join(dir, name)
      if (dir && existsSync(p)) return p
    }
  }
  return null
}

/** The report as a PDF, or null when no Chromium is installed. */
export async function renderPdf(html: string): Promise<Uint8Array | null> {
  const exe = chromiumPath()
  if (!exe) return null
  const { default: puppeteer } = await import('puppeteer-core')
  const profile = mkdtempSync(path.join(os.tmpdir(), 'optimiser-pdf-'))
  const browser = await puppeteer.launch({
    executablePath: exe,
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--no-first-run', `--user-data-dir=${profile}`],
  })
  try {
    const page = await browser.newPage()
    await page.setJavaScriptEnabled(false)
    await page.setRequestInterception(true)
    // The report is self-contained: no request leaves (images in the optimised content are not fetched).
    page.on('request', (req) => void (req.url().startsWith('data:') || req.url() === 'about:blank' ? req.continue() : req.abort()))
    await page.setContent(html, { waitUntil: 'load', timeout: 20_000 })
    return await page.pdf({ format: 'A4', printBackground: true, margin: { top: '12mm', bottom: '12mm', left: '10mm', right: '10mm' }, timeout: 30_000 })
  } finally {
    await browser.close()
    rmSync(profile, { recursive: true, force: true })
  }
}
