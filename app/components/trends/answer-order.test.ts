import { describe, expect, it } from 'vitest'
import { answerOrder } from './answer-order'

describe('answerOrder', () => {
  it('numbers requests 1, 2, 3 in the order they are sent', () => {
    const order = answerOrder()
    expect([order.send(), order.send(), order.send()]).toEqual([1, 2, 3])
  })

  it('shows answers that land in the order they were sent', () => {
    const order = answerOrder()
    const a = order.send()
    const b = order.send()
    expect(order.land(a)).toBe(true)
    expect(order.land(b)).toBe(true)
  })

  it('drops a poll that left before a change but lands after it', () => {
    const order = answerOrder()
    const poll = order.send() // 1: the read on its way
    const pause = order.send() // 2: the Pause click
    expect(order.land(pause)).toBe(true)
    expect(order.land(poll)).toBe(false)
    // The next poll, sent after the change, is shown again.
    expect(order.land(order.send())).toBe(true)
  })

  it('keeps the two counters of one schedule panel apart from another panel', () => {
    const first = answerOrder()
    const second = answerOrder()
    first.send()
    expect(first.land(first.send())).toBe(true)
    expect(second.land(second.send())).toBe(true)
  })
})
