import { boxesOverlap, labelBox, placeLabels, type LabelPoint } from './labels'

const boxes = (points: LabelPoint[]) => placeLabels(points).map((p, i) => labelBox(p, points[i].text))
const noOverlap = (points: LabelPoint[]) => {
  const b = boxes(points)
  for (let i = 0; i < b.length; i++) for (let j = i + 1; j < b.length; j++) if (boxesOverlap(b[i], b[j])) return false
  return true
}

describe('placeLabels (scatter labels must not overlap)', () => {
  it('puts a lone label just above its dot, centred', () => {
    expect(placeLabels([{ x: 100, y: 100, text: 'Comfort' }])).toEqual([{ x: 100, y: 91, anchor: 'middle' }])
  })

  it('gives labels of dots at the same spot, or close together, boxes that do not overlap', () => {
    const same = ['Pricing and value', 'Integrations', 'Customer support', 'Ease of use', 'Reporting'].map((text) => ({ x: 300, y: 200, text }))
    expect(noOverlap(same)).toBe(true)
    const close = [
      { x: 300, y: 200, text: 'Comfort…' },
      { x: 310, y: 204, text: 'Value for mo…' },
      { x: 295, y: 196, text: 'Durability' },
      { x: 320, y: 200, text: 'Grip' },
    ]
    expect(noOverlap(close)).toBe(true)
  })

  it('keeps a label off the other dots', () => {
    // Two dots 14 px apart vertically: the upper one's label may not cover the lower dot and vice versa.
    const points = [
      { x: 200, y: 100, text: 'Alpha' },
      { x: 200, y: 114, text: 'Beta' },
    ]
    const placed = boxes(points)
    const dot = (p: LabelPoint) => ({ left: p.x - 6, right: p.x + 6, top: p.y - 6, bottom: p.y + 6 })
    expect(boxesOverlap(placed[0], dot(points[1]))).toBe(false)
    expect(boxesOverlap(placed[1], dot(points[0]))).toBe(false)
  })
})
