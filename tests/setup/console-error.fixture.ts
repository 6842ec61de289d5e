/**
 * Run only by tests/setup/console-error.test.ts, in a vitest of its own with the
 * console-error setup file: the first two tests must fail, the last two pass.
 */
import { allowConsoleError } from '../support/console-error'

it('fails: logs an error', () => {
  console.error('boom from a test')
})

it('fails: logs an error from a callback and carries on', async () => {
  await new Promise<void>((resolve) =>
    setTimeout(() => {
      try {
        throw new Error('hidden')
      } catch (err) {
        console.error('swallowed:', (err as Error).message)
      }
      resolve()
    }, 0),
  )
})

it('passes: expects an error', () => {
  const calls = allowConsoleError()
  console.error('expected', 42)
  expect(calls).toEqual([['expected', 42]])
})

it('passes: logs nothing', () => {
  expect(1 + 1).toBe(2)
})
