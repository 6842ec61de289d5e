/** npm run eval:faq: the FAQ chat's evaluation (tests/support/faq-evaluation.ts), question by question, and its score. */
import { evaluateFaq } from '../tests/support/faq-evaluation'

const e = evaluateFaq()
for (const r of e.rows) if (r.verdict !== 'right') console.log(`${r.verdict.padEnd(8)}  ${r.question}  (expected ${r.expected ?? 'none'}, got ${r.got ?? 'none'})`)
const pct = (n: number) => `${((100 * n) / e.total).toFixed(1)} %`
console.log(`FAQ evaluation: ${e.right}/${e.total} right (${pct(e.right)}), ${e.notSure} not sure (${pct(e.notSure)}), ${e.wrong} wrong (${pct(e.wrong)})`)
