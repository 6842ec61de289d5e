/**
 * Where the labels of a scatter go (on the Topics scatter, groups with close shares and ranks had their
 * labels printed on top of each other). Pure, in pixels: each label takes the first spot around its dot — above,
 * below, right, left, then further above and below — whose box meets no label placed before it and no other dot.
 * Boxes are estimated from the character count (the chart font is small and fixed), with a little margin.
 */

export interface LabelPoint {
  x: number
  y: number
  text: string
}

export interface PlacedLabel {
  /** Text anchor point: x, and y of the baseline. */
  x: number
  y: number
  anchor: 'start' | 'middle' | 'end'
}

export interface Box {
  left: number
  right: number
  top: number
  bottom: number
}

export const LABEL_METRICS = { charWidth: 7, ascent: 10, descent: 3, dotRadius: 6 } as const

/** The box a label's text covers. */
export function labelBox(p: PlacedLabel, text: string, m = LABEL_METRICS): Box {
  const width = [...text].length * m.charWidth
  const left = p.anchor === 'start' ? p.x : p.anchor === 'end' ? p.x - width : p.x - width / 2
  return { left, right: left + width, top: p.y - m.ascent, bottom: p.y + m.descent }
}

export const boxesOverlap = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom

const LINE = 14

/** Spots around a dot, nearest first. */
function spots(x: number, y: number, r: number): PlacedLabel[] {
  const out: PlacedLabel[] = [
    { x, y: y - r - 3, anchor: 'middle' },
    { x, y: y + r + 12, anchor: 'middle' },
    { x: x + r + 4, y: y + 4, anchor: 'start' },
    { x: x - r - 4, y: y + 4, anchor: 'end' },
  ]
  for (let k = 1; k <= 6; k++) out.push({ x, y: y - r - 3 - k * LINE, anchor: 'middle' }, { x, y: y + r + 12 + k * LINE, anchor: 'middle' })
  return out
}

/** One placement per point, in the points' order. */
export function placeLabels(points: LabelPoint[], m = LABEL_METRICS): PlacedLabel[] {
  const dots: Box[] = points.map((p) => ({ left: p.x - m.dotRadius, right: p.x + m.dotRadius, top: p.y - m.dotRadius, bottom: p.y + m.dotRadius }))
  const placed: Box[] = []
  const out: PlacedLabel[] = new Array(points.length)
  // Top-left first, so the labels of a crowd spread the same way on every draw.
  const order = points.map((_, i) => i).sort((a, b) => points[a].y - points[b].y || points[a].x - points[b].x || a - b)
  for (const i of order) {
    const p = points[i]
    const candidates = spots(p.x, p.y, m.dotRadius)
    const free = candidates.find((c) => {
      const box = labelBox(c, p.text, m)
      return !placed.some((b) => boxesOverlap(box, b)) && !dots.some((d, j) => j !== i && boxesOverlap(box, d))
    })
    const chosen = free ?? candidates[candidates.length - 1]
    out[i] = chosen
    placed.push(labelBox(chosen, p.text, m))
  }
  return out
}
