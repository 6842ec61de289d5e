/**
 * The small part of JSON Schema the gateway checks structured output against: type, enum,
 * const, properties/required, items, anyOf/oneOf, local $ref. Count and length limits are
 * not enforced here (models treat them as guidance; callers cap lists themselves).
 */
export type JsonSchema = Record<string, unknown>

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}

function resolveRef(root: JsonSchema, schema: JsonSchema): JsonSchema {
  let s = schema
  for (let depth = 0; depth < 16 && typeof s.$ref === 'string'; depth++) {
    const ref = s.$ref as string
    if (!ref.startsWith('#/')) return {}
    let target: unknown = root
    for (const part of ref.slice(2).split('/')) target = isRecord(target) ? target[part.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined
    s = isRecord(target) ? target : {}
  }
  return s
}

function typesOf(schema: JsonSchema): string[] {
  const t = schema.type
  const list = Array.isArray(t) ? t : typeof t === 'string' ? [t] : []
  const types = list.map((x) => String(x).toLowerCase())
  if (schema.nullable === true) types.push('null')
  return types
}

function matchesType(type: string, value: unknown): boolean {
  switch (type) {
    case 'string': return typeof value === 'string'
    case 'number': return typeof value === 'number' && Number.isFinite(value)
    case 'integer': return typeof value === 'number' && Number.isInteger(value)
    case 'boolean': return typeof value === 'boolean'
    case 'null': return value === null
    case 'array': return Array.isArray(value)
    case 'object': return isRecord(value)
    default: return true
  }
}

/** Problems found, as "path: message"; empty when the value fits the schema. */
export function validateJson(schema: JsonSchema, value: unknown, root: JsonSchema = schema, path = '$'): string[] {
  const s = resolveRef(root, schema)
  const errors: string[] = []
  for (const key of ['anyOf', 'oneOf'] as const) {
    const branches = s[key]
    if (Array.isArray(branches) && branches.length > 0) {
      if (!branches.some((b) => isRecord(b) && validateJson(b, value, root, path).length === 0)) errors.push(`${path}: matches none of ${key}`)
      return errors
    }
  }
  const types = typesOf(s)
  if (types.length > 0 && !types.some((t) => matchesType(t, value))) {
    return [`${path}: expected ${types.join('|')}, got ${value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value}`]
  }
  if (Array.isArray(s.enum) && !s.enum.some((e) => e === value)) errors.push(`${path}: not one of ${JSON.stringify(s.enum)}`)
  if ('const' in s && s.const !== value) errors.push(`${path}: expected ${JSON.stringify(s.const)}`)
  if (isRecord(value)) {
    const props = isRecord(s.properties) ? s.properties : {}
    const required = Array.isArray(s.required) ? s.required.filter((r): r is string => typeof r === 'string') : []
    for (const r of required) if (!(r in value)) errors.push(`${path}.${r}: required`)
    for (const [k, sub] of Object.entries(props)) {
      if (k in value && isRecord(sub)) errors.push(...validateJson(sub, value[k], root, `${path}.${k}`))
    }
  }
  if (Array.isArray(value) && isRecord(s.items)) {
    value.forEach((item, i) => errors.push(...validateJson(s.items as JsonSchema, item, root, `${path}[${i}]`)))
  }
  return errors
}

/**
 * OpenAI strict mode needs every object to list all its properties as required and to set
 * additionalProperties: false. Send strict only when the caller's schema already complies.
 */
export function isStrictCompatible(schema: unknown, seen = new Set<unknown>()): boolean {
  if (!isRecord(schema) || seen.has(schema)) return true
  seen.add(schema)
  if (isRecord(schema.properties)) {
    const keys = Object.keys(schema.properties)
    const required = Array.isArray(schema.required) ? schema.required : []
    if (schema.additionalProperties !== false || !keys.every((k) => required.includes(k))) return false
  }
  for (const v of Object.values(schema)) {
    if (Array.isArray(v)) {
      if (!v.every((x) => isStrictCompatible(x, seen))) return false
    } else if (isRecord(v) && !isStrictCompatible(v, seen)) return false
  }
  return true
}
