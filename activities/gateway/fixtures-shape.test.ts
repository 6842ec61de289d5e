/**
 * Optional cross-check, for a machine that has the recorded vendor bodies beside the checkout
 * (../shared/vendor-responses, not in the repository): our own fixtures in tests/fixtures/vendors
 * must have exactly the recorded bodies' structure (every key path and value type), so writing our
 * own text did not drop or invent a field. The gateway tests themselves run on our fixtures only.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { VENDOR_FIXTURES, vendorFixture } from '../../tests/fixtures/vendors/load'

const RECORDED = path.resolve(VENDOR_FIXTURES, '../../../../shared/vendor-responses')

/** "$.output[].content[].annotations[].url:string" for every value, array positions folded. */
function shape(v: unknown, at = '$', out = new Set<string>()): Set<string> {
  out.add(`${at}:${v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v}`)
  if (Array.isArray(v)) for (const x of v) shape(x, `${at}[]`, out)
  else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) shape(x, `${at}.${k}`, out)
  return out
}

const ours = [...readdirSync(VENDOR_FIXTURES).filter((f) => f.endsWith('.json')), ...readdirSync(path.join(VENDOR_FIXTURES, 'headers')).map((f) => `headers/${f}`)]

describe.skipIf(!existsSync(RECORDED))('our vendor fixtures have the recorded bodies’ structure', () => {
  it.each(ours)('%s', (name) => {
    const recorded = JSON.parse(readFileSync(path.join(RECORDED, name), 'utf8'))
    expect([...shape(vendorFixture(name))].sort()).toEqual([...shape(recorded)].sort())
  })
})
