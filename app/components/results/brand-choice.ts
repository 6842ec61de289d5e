/**
 * The brands shown in the Mentions table: with 20 brands the user picks the columns.
 * Kept in the URL as a repeated `brands` param listing the shown brands (the own brand is always
 * shown, whether listed or not); no param, or one naming no brand of the analysis, shows all.
 */
import type { BrandRef } from '~/domain/results/types'

export const SHOWN_BRANDS_PARAM = 'brands'

/** Indexes into brands of the columns to show, in the table's order. */
export function shownBrandIndexes(brands: readonly BrandRef[], requested: readonly string[]): number[] {
  const all = brands.map((_, i) => i)
  const wanted = new Set(requested)
  if (!brands.some((b) => wanted.has(b.name))) return all
  return all.filter((i) => brands[i].isOwn || wanted.has(brands[i].name))
}

/**
 * The `brands` param after showing or hiding one brand: the shown names (own brand first, as in
 * the table), or null when every brand is shown (the param is dropped). The own brand cannot be hidden.
 */
export function toggleShownBrand(brands: readonly BrandRef[], requested: readonly string[], name: string): string[] | null {
  const target = brands.find((b) => b.name === name)
  const shown = new Set(shownBrandIndexes(brands, requested).map((i) => brands[i].name))
  if (!target || target.isOwn) return shownParam(brands, shown)
  if (shown.has(name)) shown.delete(name)
  else shown.add(name)
  return shownParam(brands, shown)
}

/** Only the own brand (and any brand listed as own). */
export function ownBrandsOnly(brands: readonly BrandRef[]): string[] | null {
  return shownParam(brands, new Set())
}

function shownParam(brands: readonly BrandRef[], shown: Set<string>): string[] | null {
  const names = brands.filter((b) => b.isOwn || shown.has(b.name)).map((b) => b.name)
  if (names.length === brands.length) return null
  // With no own brand and nothing chosen the table would be empty: show all instead.
  return names.length ? names : null
}
