/**
 * A tiny authoritative DNS server on a loopback UDP port, for tests that must not reach the internet: answers PTR,
 * A and AAAA queries from a table, NXDOMAIN for names it does not hold, and counts the queries it was asked.
 */
import { createSocket } from 'node:dgram'
import ipaddr from 'ipaddr.js'

export { ptrName as reverseName } from '../../app/domain/crawlers/verify'

export interface DnsTable {
  PTR?: Record<string, string[]>
  A?: Record<string, string[]>
  AAAA?: Record<string, string[]>
}

const TYPES: Record<number, keyof DnsTable> = { 12: 'PTR', 1: 'A', 28: 'AAAA' }

function readName(msg: Buffer, at: number): { name: string; end: number } {
  const labels: string[] = []
  let i = at
  while (msg[i] !== 0) {
    labels.push(msg.subarray(i + 1, i + 1 + msg[i]).toString('latin1'))
    i += 1 + msg[i]
  }
  return { name: labels.join('.').toLowerCase(), end: i + 1 }
}

const encodeName = (name: string) =>
  Buffer.concat([...name.split('.').filter(Boolean).map((l) => Buffer.concat([Buffer.from([l.length]), Buffer.from(l, 'latin1')])), Buffer.from([0])])

export async function startDnsResponder(table: DnsTable): Promise<{ server: string; queries: string[]; stop: () => Promise<void> }> {
  const socket = createSocket('udp4')
  const queries: string[] = []
  socket.on('message', (msg, from) => {
    const { name, end } = readName(msg, 12)
    const qtype = msg.readUInt16BE(end)
    const kind = TYPES[qtype]
    queries.push(`${kind ?? qtype} ${name}`)
    const records = kind ? table[kind]?.[name] : undefined
    const known = Object.values(table).some((t) => t && name in t)
    const answers = (records ?? []).map((r) => {
      const data = kind === 'PTR' ? encodeName(r) : Buffer.from(ipaddr.parse(r).toByteArray())
      const rr = Buffer.alloc(12)
      rr.writeUInt16BE(0xc00c, 0) // the question's name
      rr.writeUInt16BE(qtype, 2)
      rr.writeUInt16BE(1, 4) // IN
      rr.writeUInt32BE(60, 6)
      rr.writeUInt16BE(data.length, 10)
      return Buffer.concat([rr, data])
    })
    const head = Buffer.alloc(12)
    msg.copy(head, 0, 0, 2)
    // Response, authoritative, recursion desired/available; NXDOMAIN when the name is not in the table at all.
    head.writeUInt16BE(0x8580 | (known ? 0 : 3), 2)
    head.writeUInt16BE(1, 4)
    head.writeUInt16BE(answers.length, 6)
    socket.send(Buffer.concat([head, msg.subarray(12, end + 4), ...answers]), from.port, from.address)
  })
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve))
  return { server: `127.0.0.1:${socket.address().port}`, queries, stop: () => new Promise((resolve) => socket.close(() => resolve())) }
}
