import { describe, expect, it } from 'vitest'
import { childSearchAttributePairs, labelsLine, type LabelSource } from './search-attributes'

/** A run's own search attributes, as `workflowInfo().typedSearchAttributes` answers them. */
const run = (attrs: Record<string, unknown>): LabelSource => ({ get: (key) => attrs[key.name] })
const pairs = (source: LabelSource, kind: Parameters<typeof childSearchAttributePairs>[1]) =>
  Object.fromEntries(childSearchAttributePairs(source, kind).map((p) => [p.key.name, p.value]))

describe('a child run inherits its parent labels', () => {
  it('copies ProjectId, UserEmail and Brand and sets its own RunKind; nothing else (not TemporalScheduledById)', () => {
    const daily = run({ ProjectId: 12, UserEmail: 'a@b.c', Brand: 'Brooks', RunKind: 'daily-analysis', TemporalScheduledById: 'daily-analysis-12' })
    expect(pairs(daily, 'analysis')).toEqual({ ProjectId: 12, UserEmail: 'a@b.c', Brand: 'Brooks', RunKind: 'analysis' })
    expect(childSearchAttributePairs(daily, 'analysis').map((p) => p.key.type)).toEqual(['INT', 'KEYWORD', 'KEYWORD', 'KEYWORD'])
  })

  it('adds nothing the parent lacks: a namespace without the attributes refuses a start that sets them', () => {
    expect(pairs(run({}), 'trend-alerts')).toEqual({})
    expect(pairs(run({ ProjectId: 3 }), 'trend-alerts')).toEqual({ ProjectId: 3 })
  })

  it('names the run for a summary', () => {
    expect(labelsLine(run({ ProjectId: 12, UserEmail: 'a@b.c', Brand: 'Brooks' }))).toBe('Brooks · project 12 · a@b.c')
    expect(labelsLine(run({}))).toBe('')
  })
})
