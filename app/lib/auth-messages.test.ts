import { describe, expect, it } from 'vitest'
import { safeRedirect } from './auth-messages'

/** Where a browser on https://app.example goes for `Location: value`. */
const landsOn = (value: string) => new URL(value, 'https://app.example/login?x=1')

// Known open-redirect forms: each must end on this site (here: the fallback '/').
const BYPASSES = [
  '//evil.example',
  '//evil.example/x',
  '///evil.example',
  '////evil.example',
  '/\\evil.example',
  '/\\/evil.example',
  '\\\\evil.example',
  '/.//evil.example',
  '/./\\evil.example',
  '/..//evil.example',
  '/../\\evil.example',
  '/%2e//evil.example',
  '/%2E%2E//evil.example',
  '/x/..//evil.example',
  '/x/../..//evil.example',
  '/./x/..//evil.example',
  '/\t/evil.example',
  '/\n/evil.example',
  '/\r\n/evil.example',
  '/\u0000/evil.example',
  'https://evil.example',
  'http:evil.example',
  'https:/evil.example',
  'javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  ' //evil.example',
  'evil.example',
  './/evil.example',
  '',
]

describe('safeRedirect', () => {
  it.each(BYPASSES)('keeps %j on this site', (value) => {
    const out = safeRedirect(value)
    expect(out).toBe('/')
    expect(landsOn(out).origin).toBe('https://app.example')
  })

  it('ignores values that are not strings or are too long', () => {
    for (const v of [undefined, null, 42, ['/x'], { to: '/x' }, `/${'a'.repeat(3000)}`]) expect(safeRedirect(v)).toBe('/')
    expect(safeRedirect(undefined, '/projects')).toBe('/projects')
  })

  it.each([
    ['/projects', '/projects'],
    ['/projects?tab=1', '/projects?tab=1'],
    ['/?phase=2&project=3&analysis=4&tab=overview', '/?phase=2&project=3&analysis=4&tab=overview'],
    ['/profile#limits', '/profile#limits'],
    ['/a/./b/../c', '/a/c'],
    ['/%2fevil.example', '/%2fevil.example'],
    ['/projects?next=//evil.example', '/projects?next=//evil.example'],
  ])('keeps the same-origin path %j as %j', (value, expected) => {
    expect(safeRedirect(value)).toBe(expected)
    expect(landsOn(expected).origin).toBe('https://app.example')
  })
})
