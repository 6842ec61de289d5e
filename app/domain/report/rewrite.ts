/**
 * The guard of an optional model rewrite of the summary's style: a rewritten text may be shown only
 * when every figure in it appears among the computed summary's figures, so a model can change the wording but never
 * a number. Pure. (The rewrite call itself is not built yet: see the README.)
 *
 * A figure is a number as written (digits with an optional decimal point or comma), compared by value, so "40,0"
 * matches "40" and a German comma matches an English point. Dates count as their parts (2025, 05, 20).
 */

/** Every number written in a text, as values. */
export function figuresIn(text: string): number[] {
  return [...text.matchAll(/\d+(?:[.,]\d+)?/g)].map((m) => Number(m[0].replace(',', '.')))
}

/** The figures of `rewritten` that the facts' text does not contain (empty: the rewrite is faithful). */
export function unknownFigures(rewritten: string, facts: string): number[] {
  const known = new Set(figuresIn(facts))
  return [...new Set(figuresIn(rewritten).filter((x) => !known.has(x)))]
}
