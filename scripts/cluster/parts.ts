/**
 * The processes of the cluster profile: each one logs to a file of its own, can be killed (SIGKILL, as the kill
 * test does) or stopped (SIGTERM, then SIGKILL after 8 s), and dies with the script that started it.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { createWriteStream, existsSync, mkdirSync } from 'node:fs'
import path from 'node:path'
import { root, workerHeapArgs } from '../stack'

/** Extra settings of a process (merged over this process's environment). */
export type PartEnv = Record<string, string | undefined>

export interface Part {
  name: string
  child: ChildProcess
  logFile: string
  stop(): Promise<void>
  kill(): Promise<void>
}

const running = new Set<ChildProcess>()
// SIGTERM, not SIGKILL: nginx's master passes it on to its workers, where a SIGKILL would leave them listening.
process.on('exit', () => running.forEach((c) => c.exitCode === null && c.signalCode === null && c.kill('SIGTERM')))

const exited = (c: ChildProcess) => c.exitCode !== null || c.signalCode !== null

export function spawnPart(name: string, command: string, args: string[], env: PartEnv, logFile: string): Part {
  mkdirSync(path.dirname(logFile), { recursive: true })
  const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
  running.add(child)
  child.once('exit', () => running.delete(child))
  const out = createWriteStream(logFile, { flags: 'a' })
  child.stdout?.pipe(out)
  child.stderr?.pipe(out)
  const end = (signal: NodeJS.Signals) =>
    new Promise<void>((resolve) => {
      if (exited(child)) return resolve()
      const hard = setTimeout(() => child.kill('SIGKILL'), 8_000)
      child.once('exit', () => (clearTimeout(hard), resolve()))
      child.kill(signal)
    })
  return { name, child, logFile, stop: () => end('SIGTERM'), kill: () => end('SIGKILL') }
}

/** A Node 24 process of the product (web app, worker, simulator) run with tsx. */
export function nodePart(name: string, script: string, env: PartEnv, logFile: string): Part {
  const node = path.join(root, 'node_modules', '.bin', 'node')
  const heap = script === 'worker/index.ts' ? workerHeapArgs({ ...process.env, ...env } as NodeJS.ProcessEnv) : []
  return spawnPart(name, existsSync(node) ? node : process.execPath, [...heap, '--import', 'tsx', script], env, logFile)
}
