import { describe, expect, it } from 'vitest'
import type { OptimiserProgress } from '~/domain/optimiser'
import { completedProgress, endedProgress, polledProgress, startingProgress } from './progress'

const NINE = [
  'Extracting & processing content',
  'Analyzing content relevance',
  'Evaluating synthesis quality',
  'Assessing citation worthiness',
  'Analyzing breadth & depth',
  'Checking multi-modal support',
  'Evaluating personalisation',
  'Testing crawlability & indexing',
  'Summarizing recommendations',
]

/** A run in its third phase (index 2), the first two done and the second failed. */
const midway: OptimiserProgress = {
  status: 'running',
  phases: NINE.map((name, i) => ({ name, status: i === 0 ? 'completed' : i === 1 ? 'error' : i === 2 ? 'running' : 'pending' })),
  currentPhase: 2,
  phase: NINE[2],
  progressPercent: 30,
  estimatedTimeRemaining: 12,
  error: null,
}

describe('optimiser progress', () => {
  it('starts with the first of the nine phases running and about 20 s left', () => {
    const p = startingProgress()
    expect(p.status).toBe('running')
    expect(p.phases.map((x) => x.status)).toEqual(['running', 'pending', 'pending', 'pending', 'pending', 'pending', 'pending', 'pending', 'pending'])
    expect(p.phases.map((x) => x.name)).toEqual(NINE)
    expect([p.currentPhase, p.phase, p.progressPercent, p.estimatedTimeRemaining, p.error]).toEqual([0, 'Extracting & processing content', 0, 20, null])
  })

  it('takes a polled state only while the shown run is running', () => {
    expect(polledProgress(startingProgress(), midway)).toBe(midway)
    const failed = { ...midway, status: 'error' as const }
    expect(polledProgress(failed, startingProgress())).toBe(failed)
    expect(polledProgress(null, midway)).toBeNull()
  })

  it('marks the current phase failed when the run fails, with the message', () => {
    const p = endedProgress(midway, false, 'Could not fetch the page')!
    expect(p.status).toBe('error')
    expect(p.error).toBe('Could not fetch the page')
    expect(p.phases.map((x) => x.status)).toEqual(['completed', 'error', 'error', 'pending', 'pending', 'pending', 'pending', 'pending', 'pending'])
  })

  it('marks no phase failed when the run was cancelled', () => {
    const p = endedProgress(midway, true, 'Cancelled by an operator')!
    expect(p.status).toBe('cancelled')
    expect(p.phases.map((x) => x.status)).toEqual(['completed', 'error', 'running', 'pending', 'pending', 'pending', 'pending', 'pending', 'pending'])
  })

  it('completes every phase but keeps the failed ones failed', () => {
    const p = completedProgress(midway)!
    expect([p.status, p.progressPercent, p.estimatedTimeRemaining]).toEqual(['completed', 100, 0])
    expect(p.phases.map((x) => x.status)).toEqual(['completed', 'error', 'completed', 'completed', 'completed', 'completed', 'completed', 'completed', 'completed'])
  })

  it('leaves nothing shown when nothing was', () => {
    expect(endedProgress(null, false, 'x')).toBeNull()
    expect(completedProgress(null)).toBeNull()
  })
})
