/**
 * The readable reference page's content, built from the OpenAPI document (so the page, the document and the
 * routes cannot disagree): per operation its method, path, scope, parameters and the fields of its answer,
 * flattened to dotted paths (`items[].id`). Pure.
 */
export interface ReferenceField {
  path: string
  type: string
  required: boolean
  description: string
}

export interface ReferenceOperation {
  id: string
  method: string
  path: string
  tag: string
  scope: string
  summary: string
  description: string
  status: string
  params: ReferenceField[]
  body: ReferenceField[]
  response: ReferenceField[]
}

type Schema = Record<string, any>

/** The schema behind $ref, allOf (merged) and a nullable anyOf/oneOf (its non-null alternative). */
function resolve(doc: Schema, s: Schema | undefined, depth = 0): Schema {
  let cur: Schema = s ?? {}
  if (depth > 10) return cur
  if (typeof cur.$ref === 'string') {
    const { $ref, ...rest } = cur
    cur = { ...resolve(doc, doc.components?.schemas?.[$ref.split('/').pop()!] ?? {}, depth + 1), ...rest }
  }
  if (Array.isArray(cur.allOf)) {
    const { allOf, ...rest } = cur
    cur = Object.assign({}, ...allOf.map((x: Schema) => resolve(doc, x, depth + 1)), rest)
  }
  const alternatives = (cur.anyOf ?? cur.oneOf) as Schema[] | undefined
  if (Array.isArray(alternatives)) {
    const real = alternatives.filter((x) => x.type !== 'null')
    if (real.length === 1) {
      const { anyOf: _a, oneOf: _o, ...rest } = cur
      cur = { ...resolve(doc, real[0], depth + 1), ...rest, nullable: true }
    }
  }
  return cur
}

function typeOf(doc: Schema, s: Schema): string {
  const r = resolve(doc, s)
  const base = Array.isArray(r.type) ? r.type.join(' | ') : (r.type ?? (r.anyOf || r.oneOf ? (r.anyOf ?? r.oneOf).map((x: Schema) => typeOf(doc, x)).join(' | ') : 'any'))
  const t = r.nullable && !base.includes('null') ? `${base} | null` : base
  const extra = r.enum ? ` (${r.enum.join(', ')})` : r.format ? ` (${r.format})` : ''
  if (t === 'array' || (Array.isArray(r.type) && r.type.includes('array'))) return `${t.replace('array', `${typeOf(doc, r.items ?? {})}[]`)}`
  return t + extra
}

export function fieldsOf(doc: Schema, schema: Schema | undefined, prefix = '', depth = 0): ReferenceField[] {
  const s = resolve(doc, schema)
  const out: ReferenceField[] = []
  if (depth > 6) return out
  const props = s.properties as Record<string, Schema> | undefined
  if (props) {
    for (const [name, child] of Object.entries(props)) {
      const c = resolve(doc, child)
      const path = prefix ? `${prefix}.${name}` : name
      out.push({ path, type: typeOf(doc, child), required: (s.required ?? []).includes(name), description: child.description ?? c.description ?? '' })
      const items = c.items ? resolve(doc, c.items) : null
      if (c.properties) out.push(...fieldsOf(doc, c, path, depth + 1))
      else if (items?.properties) out.push(...fieldsOf(doc, items, `${path}[]`, depth + 1))
      else if (c.additionalProperties && typeof c.additionalProperties === 'object' && resolve(doc, c.additionalProperties).properties)
        out.push(...fieldsOf(doc, c.additionalProperties, `${path}.<key>`, depth + 1))
    }
  }
  return out
}

export function referenceOf(doc: Schema): ReferenceOperation[] {
  const ops: ReferenceOperation[] = []
  for (const [path, item] of Object.entries(doc.paths ?? {}) as [string, Schema][]) {
    for (const [method, op] of Object.entries(item) as [string, Schema][]) {
      const status = Object.keys(op.responses ?? {}).find((c) => c.startsWith('2')) ?? '200'
      ops.push({
        id: op.operationId,
        method: method.toUpperCase(),
        path,
        tag: op.tags?.[0] ?? '',
        scope: op['x-scope'] ?? '',
        summary: op.summary ?? '',
        description: String(op.description ?? '').split('\n\nScope:')[0],
        status,
        params: (op.parameters ?? []).map((p: Schema) => ({ path: `${p.in}: ${p.name}`, type: typeOf(doc, p.schema ?? {}), required: Boolean(p.required), description: p.description ?? p.schema?.description ?? '' })),
        body: fieldsOf(doc, op.requestBody?.content?.['application/json']?.schema),
        response: fieldsOf(doc, op.responses?.[status]?.content?.['application/json']?.schema),
      })
    }
  }
  return ops
}
