/**
 * The parser accuracy suite: mention precision/recall/F1, count exact and rank accuracy of
 * parseAnswer on the labelled answers in tests/fixtures/answers, per language and per format.
 *
 * Run: npm run eval:parse   (prints the table the README's "How we count" section shows; --misses lists
 * every answer and brand where the parser and the label differ). The unit test
 * app/domain/metrics/accuracy.test.ts holds the thresholds.
 */
import { LABELLED_ANSWERS } from '../tests/fixtures/answers'
import { evaluate, table, THRESHOLDS } from '../tests/fixtures/answers/evaluate'

const e = evaluate(LABELLED_ANSWERS)
console.log(table(e))
console.log(`\nThresholds: F1 ≥ ${THRESHOLDS.f1}, count exact ≥ ${THRESHOLDS.countExact}, rank ≥ ${THRESHOLDS.rank}. Misses: ${e.misses.length}.`)
if (process.argv.includes('--misses')) for (const m of e.misses) console.log(JSON.stringify(m))
