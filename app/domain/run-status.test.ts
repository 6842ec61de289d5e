import { ANALYSIS_STATUSES } from './analyses'
import { analysisMovesInto, canMoveAnalysis, canMoveRun, RUN_STATUSES, runMovesInto, runStatusOf } from './run-status'

describe('analysis status moves', () => {
  it('walks the lifecycle forward: pending, in progress, processing, an end', () => {
    expect(canMoveAnalysis('pending', 'in_progress')).toBe(true)
    expect(canMoveAnalysis('in_progress', 'processing')).toBe(true)
    expect(canMoveAnalysis('processing', 'completed')).toBe(true)
    expect(canMoveAnalysis('processing', 'failed')).toBe(true)
  })

  it('never goes back from processing to in progress, nor from an active step to pending', () => {
    expect(canMoveAnalysis('processing', 'in_progress')).toBe(false)
    expect(canMoveAnalysis('in_progress', 'pending')).toBe(false)
    expect(canMoveAnalysis('processing', 'pending')).toBe(false)
  })

  it('cancels or fails from every active status', () => {
    for (const from of ['pending', 'in_progress', 'processing'] as const) {
      expect(canMoveAnalysis(from, 'cancelled')).toBe(true)
      expect(canMoveAnalysis(from, 'failed')).toBe(true)
      expect(canMoveAnalysis(from, 'completed')).toBe(true)
    }
  })

  it('restarts a failed or cancelled run (to pending) and nothing else; a completed analysis stays completed', () => {
    expect(canMoveAnalysis('failed', 'pending')).toBe(true)
    expect(canMoveAnalysis('cancelled', 'pending')).toBe(true)
    expect(canMoveAnalysis('failed', 'completed')).toBe(false)
    expect(canMoveAnalysis('cancelled', 'in_progress')).toBe(false)
    for (const to of ANALYSIS_STATUSES) expect(canMoveAnalysis('completed', to)).toBe(false)
  })

  it('the write guard lists exactly the statuses each target is reached from', () => {
    expect(analysisMovesInto('pending')).toEqual(['pending', 'failed', 'cancelled'])
    expect(analysisMovesInto('in_progress')).toEqual(['pending', 'in_progress'])
    expect(analysisMovesInto('processing')).toEqual(['pending', 'in_progress', 'processing'])
    expect(analysisMovesInto('completed')).toEqual(['pending', 'in_progress', 'processing'])
    expect(analysisMovesInto('cancelled')).toEqual(['pending', 'in_progress', 'processing'])
  })
})

describe('model run status moves', () => {
  it('a running run writes again or ends once; an ended run never moves', () => {
    for (const to of RUN_STATUSES) expect(canMoveRun('running', to)).toBe(true)
    for (const from of ['completed', 'failed', 'cancelled'] as const) for (const to of RUN_STATUSES) expect(canMoveRun(from, to)).toBe(false)
    for (const to of RUN_STATUSES) expect(runMovesInto(to)).toEqual(['running'])
  })

  it('an active analysis step is a running run; an end is the same end', () => {
    expect(['pending', 'in_progress', 'processing'].map((s) => runStatusOf(s as any))).toEqual(['running', 'running', 'running'])
    expect(['completed', 'failed', 'cancelled'].map((s) => runStatusOf(s as any))).toEqual(['completed', 'failed', 'cancelled'])
  })
})
