/**
 * Pure domain logic for parsing model answers and computing brand-visibility metrics.
 * No I/O: imported by the Remix app and the Temporal activities alike.
 */
export * from './brands'
export * from './alternative-names'
export * from './mentions'
export * from './rankings'
export * from './sentiment'
export * from './colours'
export * from './aggregate'
export * from './parse-answer'
export * from './metric-shapes'
export * from './sentiment-merge'
