/**
 * console.error fails the test it happens in (tests/setup/console-error.ts, a setup file of
 * both vitest projects), as in the Epic Stack: an error printed while a test passes is a
 * defect nobody reads. A test that expects one says so with allowConsoleError().
 */

export interface ConsoleErrorState {
  /** Unexpected calls since the current test started (or, outside tests, since the file started). */
  calls: unknown[][]
  /** The current test's expected calls, when it opted out with allowConsoleError(). */
  allowed: unknown[][] | null
  inTest: boolean
}

const KEY = Symbol.for('tests.console-error')

/** Shared by the setup file and the tests (on globalThis, so one state whatever the module instance). */
export function consoleErrorState(): ConsoleErrorState {
  const g = globalThis as { [KEY]?: ConsoleErrorState }
  return (g[KEY] ??= { calls: [], allowed: null, inTest: false })
}

/**
 * Opt-out for the current test (or hook): console.error calls are expected and do not fail it.
 * Returns the list the calls are recorded in, so the test can check what was printed.
 */
export function allowConsoleError(): unknown[][] {
  const s = consoleErrorState()
  s.allowed ??= []
  return s.allowed
}
