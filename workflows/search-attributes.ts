/**
 * Custom search attributes that every workflow of this product carries, so an operator can find the
 * runs of one project, user or brand in the Temporal UI (`ProjectId = 12`, `UserEmail = "a@b.c"`).
 * The app registers them on the namespace when it connects (idempotent); on a cluster where the app
 * may not, an operator runs SEARCH_ATTRIBUTES_CLI once. No imports: safe anywhere, workflows included.
 */

export const SEARCH_ATTRIBUTES = {
  projectId: { name: 'ProjectId', type: 'INT' },
  userEmail: { name: 'UserEmail', type: 'KEYWORD' },
  brand: { name: 'Brand', type: 'KEYWORD' },
  runKind: { name: 'RunKind', type: 'KEYWORD' },
} as const

export type SearchAttributeName = (typeof SEARCH_ATTRIBUTES)[keyof typeof SEARCH_ATTRIBUTES]['name']

/** What a workflow is, in the words an operator filters by. */
export type RunKind = 'analysis' | 'add-model' | 'refresh' | 'framework' | 'audiences' | 'source-search' | 'optimiser' | 'chat' | 'daily-analysis' | 'trend-alerts' | 'volume' | 'factcheck' | 'canaries'

export interface RunLabels {
  projectId?: number
  userEmail: string
  brand: string
  runKind: RunKind
}

/** Server enum values (temporal.api.enums.v1.IndexedValueType) and CLI spellings of the two types used. */
const INDEXED_VALUE_TYPE = { INT: 3, KEYWORD: 2 } as const
const CLI_TYPE = { INT: 'Int', KEYWORD: 'Keyword' } as const

/** `{ ProjectId: 3, UserEmail: 2, ... }` for OperatorService.AddSearchAttributes. */
export const SEARCH_ATTRIBUTE_INDEX_TYPES: Record<SearchAttributeName, number> = Object.fromEntries(
  Object.values(SEARCH_ATTRIBUTES).map((a) => [a.name, INDEXED_VALUE_TYPE[a.type]]),
) as Record<SearchAttributeName, number>

/** The commands that register them on a cluster, one per type (the app does it itself where it is allowed to). */
export const SEARCH_ATTRIBUTES_CLI = (['INT', 'KEYWORD'] as const)
  .map((type) => `temporal operator search-attribute create ${Object.values(SEARCH_ATTRIBUTES).filter((a) => a.type === type).map((a) => `--name ${a.name}`).join(' ')} --type ${CLI_TYPE[type]}`)
  .join(' && ')

type Pair =
  | { key: { name: string; type: 'INT' }; value: number }
  | { key: { name: string; type: 'KEYWORD' }; value: string }

/** Typed search attribute pairs for `client.workflow.start({ typedSearchAttributes })`, limited to the registered names. */
export function searchAttributePairs(labels: RunLabels, registered: ReadonlySet<string>): Pair[] {
  const pairs: Pair[] = [
    { key: SEARCH_ATTRIBUTES.userEmail, value: labels.userEmail },
    { key: SEARCH_ATTRIBUTES.brand, value: labels.brand },
    { key: SEARCH_ATTRIBUTES.runKind, value: labels.runKind },
  ]
  if (labels.projectId !== undefined) pairs.unshift({ key: SEARCH_ATTRIBUTES.projectId, value: labels.projectId })
  return pairs.filter((p) => registered.has(p.key.name) && (p.key.type === 'INT' || p.value !== ''))
}

/** What a workflow reads its own labels from: `workflowInfo().typedSearchAttributes`. */
export interface LabelSource {
  get(key: { name: string; type: 'INT' } | { name: string; type: 'KEYWORD' }): unknown
}

/**
 * A child run's pairs: the parent's own labels (ProjectId, UserEmail, Brand) with the child's RunKind. Only what
 * the parent carries is copied (a namespace without the attributes refuses a start that sets them, and a
 * schedule's TemporalScheduledBy* stays on the schedule's run).
 */
export function childSearchAttributePairs(parent: LabelSource, runKind: RunKind): Pair[] {
  const pairs: Pair[] = []
  const projectId = parent.get(SEARCH_ATTRIBUTES.projectId)
  if (typeof projectId === 'number') pairs.push({ key: SEARCH_ATTRIBUTES.projectId, value: projectId })
  for (const key of [SEARCH_ATTRIBUTES.userEmail, SEARCH_ATTRIBUTES.brand]) {
    const value = parent.get(key)
    if (typeof value === 'string' && value !== '') pairs.push({ key, value })
  }
  if (parent.get(SEARCH_ATTRIBUTES.runKind) !== undefined) pairs.push({ key: SEARCH_ATTRIBUTES.runKind, value: runKind })
  return pairs
}

/** `Brooks · project 12 · a@b.c` from a run's labels, for a child's summary (missing labels are left out). */
export function labelsLine(parent: LabelSource): string {
  const projectId = parent.get(SEARCH_ATTRIBUTES.projectId)
  return [parent.get(SEARCH_ATTRIBUTES.brand), projectId === undefined ? undefined : `project ${projectId}`, parent.get(SEARCH_ATTRIBUTES.userEmail)]
    .filter((v): v is string => typeof v === 'string' && v !== '')
    .join(' · ')
}
