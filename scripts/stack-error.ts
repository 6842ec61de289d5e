/** A part of the stack that could not start: which part, why, and the log that tells more. */
export class StackError extends Error {
  constructor(
    readonly part: string,
    message: string,
    readonly logFile?: string,
    cause?: unknown,
  ) {
    super(message, { cause })
    this.name = 'StackError'
  }
}

/** The closing lines for a developer or a CI log: the part, its error and where to read more. */
export function describeStartFailure(err: unknown, fallbackPart = 'the stack'): string {
  const part = err instanceof StackError ? err.part : fallbackPart
  const message = err instanceof Error ? err.message : String(err)
  const lines = [`${part} could not start: ${message}`]
  if (err instanceof StackError && err.logFile) lines.push(`  more in its log: ${err.logFile}`)
  return lines.join('\n')
}
