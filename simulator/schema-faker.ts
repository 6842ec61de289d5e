/** Schema-valid JSON for structured-output requests the simulator has no special answer for. */
import { slug } from './knowledge'
import type { AnswerSubject } from './projects'
import type { Rng } from './prng'

type Schema = Record<string, unknown>

function isRecord(v: unknown): v is Schema {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}

export interface FakeContext {
  rng: Rng
  subject: AnswerSubject
  day: string
}

const PHRASES = ['strong customer reviews', 'competitive pricing', 'clear product information', 'expert recommendations', 'fast delivery', 'a trusted brand name']

function resolve(root: Schema, s: Schema): Schema {
  let cur = s
  for (let i = 0; i < 16 && typeof cur.$ref === 'string'; i++) {
    const ref = cur.$ref as string
    let target: unknown = root
    if (ref.startsWith('#/')) for (const part of ref.slice(2).split('/')) target = isRecord(target) ? target[part] : undefined
    cur = isRecord(target) ? target : {}
  }
  return cur
}

function typeOf(s: Schema): string {
  const t = s.type
  const list = (Array.isArray(t) ? t : typeof t === 'string' ? [t] : []).map((x) => String(x).toLowerCase())
  const real = list.find((x) => x !== 'null')
  if (real) return real
  if (list.includes('null')) return 'null'
  if (isRecord(s.properties)) return 'object'
  if (s.items) return 'array'
  return 'string'
}

function fakeString(name: string, s: Schema, ctx: FakeContext): string {
  const { rng, subject } = ctx
  const brands = [...subject.ownBrands, ...subject.competitors]
  const brand = brands.length ? rng.pick(brands) : undefined
  const n = name.toLowerCase()
  let v: string
  const format = typeof s.format === 'string' ? s.format : ''
  if (format === 'date') v = ctx.day
  else if (format === 'date-time') v = `${ctx.day}T${String(rng.int(0, 23)).padStart(2, '0')}:${String(rng.int(0, 59)).padStart(2, '0')}:00Z`
  else if (format === 'email') v = `info@${brand?.domains[0] ?? 'example.com'}`
  else if (format === 'uri' || format === 'url' || /url|uri|link|website/.test(n)) v = `https://www.${brand?.domains[0] ?? 'example.com'}/${slug(subject.marketLabel)}`
  else if (/domain/.test(n)) v = brand?.domains[0] ?? 'example.com'
  else if (/language|locale/.test(n)) v = 'en-GB'
  else if (/(^|_)id$|Id$/.test(name)) v = `${slug(name) || 'id'}-${rng.hex(8)}`
  else if (/brand|competitor|company|vendor/.test(n) || n === 'name') v = brand?.name ?? 'Example Brand'
  else if (/query|question|prompt|search/.test(n)) v = `best ${subject.marketLabel} for ${rng.pick(subject.market?.needs ?? ['beginners', 'families', 'small budgets'])}`
  else if (/title|headline|label|topic|category|theme|persona|audience/.test(n)) v = `${brand?.name ? `${brand.name}: ` : ''}${rng.pick(['Guide to', 'Choosing', 'Why people love', 'Comparing'])} ${subject.marketLabel}`
  else v = `${brand?.name ?? 'The leading brand'} stands out for ${rng.pick(PHRASES)} in ${subject.marketLabel}.`
  const min = typeof s.minLength === 'number' ? s.minLength : 0
  const max = typeof s.maxLength === 'number' ? s.maxLength : Infinity
  while (v.length < min) v += ` ${subject.marketLabel}`
  return v.length > max ? v.slice(0, max) : v
}

function fakeNumber(s: Schema, integer: boolean, ctx: FakeContext): number {
  const lo = typeof s.minimum === 'number' ? s.minimum : typeof s.exclusiveMinimum === 'number' ? s.exclusiveMinimum + (integer ? 1 : 0.01) : integer ? 1 : 0
  const hi = typeof s.maximum === 'number' ? s.maximum : typeof s.exclusiveMaximum === 'number' ? s.exclusiveMaximum - (integer ? 1 : 0.01) : Math.max(lo, 10)
  if (integer) return ctx.rng.int(Math.ceil(lo), Math.floor(Math.max(lo, hi)))
  return Math.round((lo + ctx.rng.next() * (Math.max(lo, hi) - lo)) * 100) / 100
}

export function fakeFromSchema(schema: Schema, ctx: FakeContext, root: Schema = schema, name = '', depth = 0): unknown {
  const s = resolve(root, schema)
  if (depth > 12) return null
  for (const key of ['anyOf', 'oneOf'] as const) {
    const branches = s[key]
    if (Array.isArray(branches) && branches.length) {
      const pick = branches.find((b) => isRecord(b) && typeOf(resolve(root, b)) !== 'null') ?? branches[0]
      return fakeFromSchema(isRecord(pick) ? pick : {}, ctx, root, name, depth + 1)
    }
  }
  if (Array.isArray(s.allOf) && s.allOf.length) {
    const merged: Schema = {}
    for (const part of s.allOf) if (isRecord(part)) Object.assign(merged, resolve(root, part))
    return fakeFromSchema(merged, ctx, root, name, depth + 1)
  }
  if (Array.isArray(s.enum) && s.enum.length) return ctx.rng.pick(s.enum)
  if ('const' in s) return s.const
  switch (typeOf(s)) {
    case 'object': {
      const out: Record<string, unknown> = {}
      const props = isRecord(s.properties) ? s.properties : {}
      for (const [k, sub] of Object.entries(props)) out[k] = fakeFromSchema(isRecord(sub) ? sub : {}, ctx, root, k, depth + 1)
      return out
    }
    case 'array': {
      const min = typeof s.minItems === 'number' ? s.minItems : 0
      const max = typeof s.maxItems === 'number' ? s.maxItems : Infinity
      const n = Math.max(min, Math.min(max, ctx.rng.int(1, 3)))
      const items = isRecord(s.items) ? s.items : {}
      const singular = name.replace(/ies$/, 'y').replace(/s$/, '')
      return Array.from({ length: n }, () => fakeFromSchema(items, ctx, root, singular, depth + 1))
    }
    case 'integer':
      return fakeNumber(s, true, ctx)
    case 'number':
      return fakeNumber(s, false, ctx)
    case 'boolean':
      return ctx.rng.chance(0.5)
    case 'null':
      return null
    default:
      return fakeString(name, s, ctx)
  }
}
