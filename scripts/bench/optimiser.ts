/**
 * Content optimiser benchmark, on a real stack (embedded PostgreSQL, Temporal dev server, the worker
 * process, the simulator): a page of about 2,000 words scored end to end (runOptimisation, what
 * POST /api/content/optimiser-v2/relevance runs: the optimiser workflow and its activities) at 1 s simulated
 * latency per model call, after a warm-up run at no latency; then its PDF export (reportHtml + renderPdf, what
 * POST .../export-pdf runs).
 *
 * The ideal by the phases' dependencies: extraction makes no model call; relevance (embeddings from two providers
 * at the same time as the model's chunk scores) runs alongside the six other pillars, 1 call deep; the summary
 * needs every pillar, 1 call. Ideal = 2 × latency. It reports the wall time and its ratio to that ideal
 * (no threshold); 1.25 is printed as a reference, the search benchmark's target.
 *
 * Sizes (environment): BENCH_OPTIMISER_SECTIONS (14 sections of 166 words: 2,327 words), BENCH_OPTIMISER_LATENCY_MS
 * (1000), BENCH_OPTIMISER_RUNS (3 measured runs; the median is the figure).
 * Run: npm run bench:optimiser   (prints JSON; exits 0 whatever the figures: a bench reports, it does not assert)
 */
import { pathToFileURL } from 'node:url'
import { peakRssMb, startBenchStack } from './stack'

const REFERENCE_RATIO = 1.25
const CONCURRENCY = 8
const PROMPT = 'best running shoes for beginners'

const r2 = (x: number) => Math.round(x * 100) / 100
const r3 = (x: number) => Math.round(x * 1000) / 1000
function median(xs: number[]) {
  const s = [...xs].sort((a, b) => a - b)
  const mid = Math.floor(s.length / 2)
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2
}

/** `sections` sections of a heading (6 words) and a paragraph of 10 sentences of 16 words, under a 3-word title. */
export function benchPage(sections: number) {
  const section = (i: number) =>
    `<h2>Section ${i}: running shoes for beginners</h2><p>${Array.from({ length: 10 }, (_, j) => `Beginners choosing running shoes should test cushioning, fit and drop on a short run, point ${i}.${j}.`).join(' ')}</p>`
  return `<article><h1>The complete guide</h1>${Array.from({ length: sections }, (_, i) => section(i + 1)).join('')}</article>`
}

export async function benchOptimiser(opts: { sections?: number; latencyMs?: number; runs?: number } = {}) {
  const sections = opts.sections ?? (Number(process.env.BENCH_OPTIMISER_SECTIONS) || 14)
  const latencyMs = opts.latencyMs ?? (Number(process.env.BENCH_OPTIMISER_LATENCY_MS) || 1000)
  const runs = opts.runs ?? (Number(process.env.BENCH_OPTIMISER_RUNS) || 3)
  const stack = await startBenchStack({ taskQueue: 'bench-optimiser', concurrency: CONCURRENCY })
  try {
    const { runOptimisation } = await import('../../app/lib/optimiser.server')
    const { renderPdf, reportHtml } = await import('../../app/lib/optimiser-pdf.server')
    const { relevanceRequest } = await import('../../app/domain/optimiser/requests')
    const user = await stack.makeUser()
    const { admitModelWork } = await import('../../app/lib/model-budget.server')
    const ticket = await admitModelWork({ user, clientAddress: '127.0.0.1' })
    const body = relevanceRequest.parse({ prompt: PROMPT, content: benchPage(sections) })

    // Warm-up: the first workflow task loads the bundle and the first calls open connections; not measured.
    await stack.simLatency(0)
    await runOptimisation(user, body, ticket)

    await stack.simLatency(latencyMs)
    const walls: number[] = []
    let last: Awaited<ReturnType<typeof runOptimisation>> | null = null
    for (let i = 0; i < runs; i++) {
      const t0 = performance.now()
      last = await runOptimisation(user, body, ticket)
      walls.push((performance.now() - t0) / 1000)
    }
    const a = last!.analysis
    const words = a.chunks.reduce((n, c) => n + c.wordCount, 0)
    const idealSeconds = 2 * (latencyMs / 1000)
    const wall = median(walls)
    const failedPillars = Object.keys(a.pillarErrors)

    // PDF export: the report of the last run, rendered by Chromium (the HTML fallback when none is installed).
    const pdfTimes: number[] = []
    let pdfBytes = 0
    let pdfKind = 'application/pdf'
    for (let i = 0; i < Math.max(1, runs); i++) {
      const p0 = performance.now()
      const html = reportHtml({ analysisResult: a, optimisedContent: null, metadata: { originalQuery: PROMPT } })
      const pdf = await renderPdf(html)
      pdfTimes.push((performance.now() - p0) / 1000)
      pdfBytes = pdf ? pdf.byteLength : Buffer.byteLength(html)
      if (!pdf) pdfKind = 'text/html (no Chromium: the HTML fallback)'
    }
    return {
      analysis: {
        words,
        chunks: a.chunks.length,
        overallScore: a.scores.overall,
        failedPillars,
        latencyMs,
        concurrencyPerProvider: CONCURRENCY,
        runs,
        wallSeconds: walls.map(r2),
        medianWallSeconds: r2(wall),
        idealSeconds,
        ratio: r3(wall / idealSeconds),
        referenceRatio: REFERENCE_RATIO,
        note: 'the ratio has no threshold; 1.25 is a reference only',
        workerPeakRssMb: peakRssMb(stack.workerPid),
      },
      pdfExport: { kind: pdfKind, seconds: pdfTimes.map(r2), medianSeconds: r2(median(pdfTimes)), kb: r2(pdfBytes / 1024) },
    }
  } finally {
    await stack.stop()
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(JSON.stringify(await benchOptimiser(), null, 2))
  process.exit(0)
}
