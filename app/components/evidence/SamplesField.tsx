/**
 * Samples per query (1–5, stored per project) with what the choice costs and buys: each query is asked of each
 * model n times, so a run costs n times as much and takes about n times as long, and every rate rests on n times
 * as many answers, so its 95 % interval narrows (by about √n).
 */
import { wilson } from '~/domain/metrics/intervals'

export const SAMPLE_CHOICES = [1, 2, 3, 4, 5] as const

/** Half the width of the 95 % interval of a 50 % rate over `answers` answers, in percentage points (the widest case). */
export function halfWidth(answers: number): number {
  const ci = wilson(answers / 2, answers)
  return ci ? Math.round(((ci.high - ci.low) / 2) * 10) / 10 : 100
}

export function SamplesField({ value, onChange, queries, models = 6 }: { value: number; onChange: (n: number) => void; queries: number; models?: number }) {
  const perSample = Math.max(1, queries) * models
  const answers = perSample * value
  return (
    <div className="field" data-samples-field>
      <label htmlFor="samples-per-query">Samples per query</label>
      <select id="samples-per-query" name="samplesPerQuery" value={value} onChange={(e) => onChange(Number(e.target.value))}>
        {SAMPLE_CHOICES.map((n) => (
          <option key={n} value={n}>
            {n === 1 ? '1 (ask each query once)' : `${n} (ask each query ${n} times)`}
          </option>
        ))}
      </select>
      <p className="muted ev-samples-help" data-samples-help>
        AI answers vary from one asking to the next, so one answer per query is one draw of chance. Asking each query {value === 1 ? 'once' : `${value} times`} per model means{' '}
        <strong>
          {answers} answers per analysis ({queries} queries × {models} models × {value})
        </strong>
        : {value === 1 ? 'the base cost and time' : `${value} × the cost and about ${value} × the time of one sample`}. In return every rate rests on more answers and its 95 % interval narrows: a 50 % rate over all
        answers is known to about ±{halfWidth(answers)} points{value === 1 ? '' : ` (±${halfWidth(perSample)} with one sample)`}. A brand or query on its own rests on far fewer answers, so its interval stays wider. Takes effect from the next analysis.
      </p>
    </div>
  )
}
