/**
 * The origins a browser may post from (the same-origin check of scripts/server.ts). Never the request's Host
 * header, which any client sets: APP_URL when it is set, else the addresses the app was started on — the bound
 * host, or for 0.0.0.0 / :: every address of the machine's interfaces, the loopback names and the host name.
 */
import { hostname, networkInterfaces } from 'node:os'

export interface StartedOn {
  appUrl?: string
  /** HOST the server listens on (0.0.0.0 by default). */
  host: string
  port: number
  /** The machine's interface addresses and host name (os.networkInterfaces, os.hostname) when listening on all. */
  addresses?: string[]
}

const ANY = new Set(['0.0.0.0', '::', '[::]', ''])
const LOOPBACK = ['localhost', '127.0.0.1', '::1']

function originOf(value: string | undefined): string | null {
  if (!value) return null
  try {
    const o = new URL(value).origin
    return o === 'null' ? null : o
  } catch {
    return null
  }
}

/** The origins accepted as "this site". */
export function allowedOrigins(s: StartedOn): Set<string> {
  const app = originOf(s.appUrl)
  if (app) return new Set([app])
  const names = ANY.has(s.host) ? [...LOOPBACK, ...(s.addresses ?? [])] : LOOPBACK.includes(s.host) ? LOOPBACK : [s.host]
  const origins = new Set<string>()
  for (const name of names) {
    const o = originOf(`http://${name.includes(':') ? `[${name.replace(/%.*$/, '')}]` : name}:${s.port}`)
    if (o) origins.add(o)
  }
  return origins
}

/** The machine's interface addresses and host name. */
export function machineAddresses(): string[] {
  const list = Object.values(networkInterfaces()).flatMap((infos) => (infos ?? []).map((i) => i.address))
  return [...list, hostname()]
}

/** This process's allow-list, from APP_URL, HOST and PORT. */
export function ownOrigins(): Set<string> {
  const host = process.env.HOST ?? '0.0.0.0'
  return allowedOrigins({ appUrl: process.env.APP_URL, host, port: Number(process.env.PORT ?? 3000), addresses: ANY.has(host) ? machineAddresses() : [] })
}
