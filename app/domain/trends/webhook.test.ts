import { describe, expect, it } from 'vitest'
import { webhookUrlProblem } from './webhook'

describe('alert webhook URLs: one check when saved and when sent', () => {
  const refused: [string, string][] = [
    ['https://localhost./x', 'Webhook URL must point to a public address: localhost. is a local name'],
    ['https://intranet/x', 'Webhook URL must point to a public address: intranet is a local name'],
    ['https://printer.local./x', 'Webhook URL must point to a public address: printer.local. is a local name'],
    ['https://[::7f00:1]/x', 'Webhook URL must point to a public address: ::7f00:1 is not a global unicast address'],
    ['https://[2002:a00:1::1]/x', 'Webhook URL must point to a public address: 2002:a00:1::1 is a 6to4 address'],
    ['https://[64:ff9b::a00:1]/x', 'Webhook URL must point to a public address: 64:ff9b::a00:1 is a rfc6052 address'],
    ['https://127.0.0.1/x', 'Webhook URL must point to a public address: 127.0.0.1 is a loopback address'],
    ['http://hooks.example.com/x', 'Webhook URL must use https'],
    ['https://u:p@hooks.example.com/x', 'Webhook URL must not contain a user name or password'],
  ]
  for (const [url, message] of refused) it(`refuses ${url}`, () => expect(webhookUrlProblem(url)).toBe(message))

  it('accepts a public https URL', () => {
    expect(webhookUrlProblem('https://hooks.example.com/brand-alerts')).toBeNull()
    expect(webhookUrlProblem('https://[2606:2800:220:1:248:1893:25c8:1946]/x')).toBeNull()
  })

  it('lets a test receiver through only by its exact address, over http too', () => {
    const allow = new Set(['127.0.0.1'])
    expect(webhookUrlProblem('http://127.0.0.1:4000/hook', allow)).toBeNull()
    expect(webhookUrlProblem('http://127.0.0.2:4000/hook', allow)).toBe('Webhook URL must point to a public address: 127.0.0.2 is a loopback address')
  })
})
