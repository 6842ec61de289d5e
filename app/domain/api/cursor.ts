/**
 * Cursor paging of /api/v1 lists: the cursor is opaque to clients (base64url of the last item's sort key),
 * so the order can gain a tie-breaker later without breaking them. Pure.
 */
export const DEFAULT_PAGE_SIZE = 50
export const MAX_PAGE_SIZE = 200

const toBase64Url = (s: string) => btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
const fromBase64Url = (s: string) => atob(s.replace(/-/g, '+').replace(/_/g, '/'))

/** The cursor after an item whose sort key is the id `afterId`. */
export const encodeCursor = (afterId: number) => toBase64Url(`v1:${afterId}`)

/** The id a cursor points after, or null when it is not one of ours. */
export function decodeCursor(cursor: string): number | null {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(cursor)) return null
  let raw: string
  try {
    raw = fromBase64Url(cursor)
  } catch {
    return null
  }
  const m = /^v1:(\d{1,19})$/.exec(raw)
  if (!m) return null
  const n = Number(m[1])
  return Number.isSafeInteger(n) && n > 0 ? n : null
}

/** One page of items already sorted by their key: the first `limit`, and the cursor to the rest (null at the end). */
export function pageOf<T>(items: T[], limit: number, keyOf: (item: T) => number): { items: T[]; nextCursor: string | null } {
  const page = items.slice(0, limit)
  const more = items.length > limit && page.length > 0
  return { items: page, nextCursor: more ? encodeCursor(keyOf(page[page.length - 1])) : null }
}
