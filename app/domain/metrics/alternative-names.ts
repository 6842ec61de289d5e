/**
 * Alternative-name validation: not empty, not the main name, not a duplicate, no substring overlap.
 *
 * Decisions where the spec is silent:
 * - validateAlternativeName also rejects names too short to count (they would be silently
 *   ignored by counting), after the spec's empty check.
 * - "Substring overlap" is a plain case-insensitive substring test in either
 *   direction, as written in the spec, between countable names only: a name too short to count
 *   is never matched, so "On Running" may be an alternative name of "On".
 */
import { normaliseName, type BrandDef } from './brands'
import { isCountableName } from './scripts'


export const ALT_NAME_EMPTY = 'Alternative name cannot be empty'
export const ALT_NAME_SAME_AS_MAIN = 'Alternative name cannot be the same as the main brand name'
export const ALT_NAME_EXISTS = 'This alternative name already exists'
export const ALT_NAME_TOO_SHORT =
  'Alternative name is too short to be counted (at least 3 characters, or 2 for Chinese, Japanese or Korean names)'

export function altOverlapsMainMessage(candidate: string, mainName: string): string {
  return `"${candidate}" overlaps with the main brand name "${mainName}"; the same mention would be double-counted`
}

export function altOverlapsAltMessage(candidate: string, existing: string): string {
  return `"${candidate}" overlaps with the existing alternative name "${existing}"; the same mention would be double-counted`
}

export function altOverlapsOtherBrandMessage(candidate: string, otherBrand: string, otherName?: string): string {
  const what = otherName && otherName.toLowerCase() !== otherBrand.toLowerCase()
    ? `the alternative name "${otherName}" of "${otherBrand}"`
    : `the brand "${otherBrand}"`
  return `"${candidate}" overlaps with ${what}; mentions would be attributed to the wrong brand`
}

/** A name too short to count is never matched, so it cannot double-count: "On Running" may be an alternative of "On". */
function overlaps(a: string, b: string): boolean {
  const x = a.toLowerCase()
  const y = b.toLowerCase()
  if (x.length === 0 || y.length === 0 || !isCountableName(normaliseName(x)) || !isCountableName(normaliseName(y))) return false
  return x.includes(y) || y.includes(x)
}

/**
 * Returns the reason the candidate alternative name is invalid for target, or null.
 * Checks in order: empty, too short, same as main name, already an alternative,
 * overlap with the main name, with an existing alternative, with another brand's
 * name or alternative names. The target is found in allBrands by identity or name.
 */
export function validateAlternativeName(candidate: string, target: BrandDef, allBrands: BrandDef[]): string | null {
  const c = normaliseName(candidate ?? '')
  if (c.length === 0) return ALT_NAME_EMPTY
  const main = normaliseName(target.name)
  const cl = c.toLowerCase()
  if (cl === main.toLowerCase()) return ALT_NAME_SAME_AS_MAIN
  const alts = (target.alternativeNames ?? []).map(normaliseName).filter((a) => a.length > 0)
  if (alts.some((a) => a.toLowerCase() === cl)) return ALT_NAME_EXISTS
  if (!isCountableName(c)) return ALT_NAME_TOO_SHORT
  if (overlaps(c, main)) return altOverlapsMainMessage(c, main)
  for (const a of alts) if (overlaps(c, a)) return altOverlapsAltMessage(c, a)
  const targetKey = main.toLowerCase()
  for (const other of allBrands) {
    if (other === target || normaliseName(other.name).toLowerCase() === targetKey) continue
    const otherName = normaliseName(other.name)
    if (otherName && overlaps(c, otherName)) return altOverlapsOtherBrandMessage(c, otherName)
    for (const oa of (other.alternativeNames ?? []).map(normaliseName)) {
      if (oa && overlaps(c, oa)) return altOverlapsOtherBrandMessage(c, otherName, oa)
    }
  }
  return null
}
