/**
 * Setup file of both vitest projects: a console.error during a test fails that test (the
 * Epic Stack's rule). The call still prints; the failure is raised in afterEach, so an error
 * logged inside a try/catch or a callback cannot be swallowed. console.error in beforeAll or
 * afterAll fails the file. Opt out per test with allowConsoleError() (tests/support/console-error.ts).
 */
import { format } from 'node:util'
import { afterAll, afterEach, beforeEach } from 'vitest'
import { consoleErrorState } from '../support/console-error'

const state = consoleErrorState()
const original = console.error

console.error = function consoleErrorThatFails(...args: unknown[]) {
  original.apply(console, args)
  if (state.allowed) state.allowed.push(args)
  else state.calls.push(args)
}

function failure(calls: unknown[][], where: string): Error {
  const shown = calls.slice(0, 5).map((args) => `  - ${format(...args).split('\n').slice(0, 8).join('\n    ')}`)
  const more = calls.length > 5 ? [`  ... and ${calls.length - 5} more`] : []
  return new Error(
    [`console.error was called ${calls.length} time(s) ${where}:`, ...shown, ...more, 'Fix the cause, or call allowConsoleError() in a test that expects it.'].join('\n'),
  )
}

beforeEach(() => {
  if (!state.inTest && state.calls.length) {
    // Printed by a beforeAll hook or between tests: fail the file's next test rather than lose it.
    const calls = state.calls
    state.calls = []
    throw failure(calls, 'outside a test (in a beforeAll hook or between tests)')
  }
  state.calls = []
  state.allowed = null
  state.inTest = true
})

afterEach(() => {
  const calls = state.calls
  state.calls = []
  state.allowed = null
  state.inTest = false
  if (calls.length) throw failure(calls, 'during this test')
})

afterAll(() => {
  const calls = state.calls
  state.calls = []
  state.allowed = null
  if (calls.length) throw failure(calls, 'in an afterAll hook or after the last test')
})
