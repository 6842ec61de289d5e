import { createHmac, generateKeyPairSync, sign, type KeyObject } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { IdTokenError, staticKeys, verifyIdToken, type Jwk, type KeySource } from './id-token.server'

const ISSUER = 'https://login.example.test/tenant-1/v2.0'
const CLIENT_ID = 'client-123'
const NOW = 1_800_000_000

function rsaKey(kid: string) {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
  const jwk = { ...publicKey.export({ format: 'jwk' }), kid, use: 'sig', alg: 'RS256' } as Jwk
  return { privateKey, jwk }
}

const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url')

function jwt(payload: Record<string, unknown>, key: KeyObject, header: Record<string, unknown> = {}) {
  const head = b64({ alg: 'RS256', typ: 'JWT', ...header })
  const body = b64(payload)
  const signature = sign('RSA-SHA256', Buffer.from(`${head}.${body}`), key).toString('base64url')
  return `${head}.${body}.${signature}`
}

const good = rsaKey('key-1')
const other = rsaKey('key-1') // same kid, different key: a forged signature
const claims = (over: Record<string, unknown> = {}) => ({
  iss: ISSUER, aud: CLIENT_ID, sub: 'subject', oid: 'oid-1', email: 'a@example.test', nonce: 'n-1',
  iat: NOW - 10, nbf: NOW - 10, exp: NOW + 3600, ...over,
})
const expect_ = (over: Partial<Parameters<typeof verifyIdToken>[1]> = {}) => ({
  issuer: ISSUER, audience: CLIENT_ID, nonce: 'n-1', keys: staticKeys([good.jwk]), now: () => NOW * 1000, ...over,
})

async function refused(token: string, over: Partial<Parameters<typeof verifyIdToken>[1]> = {}) {
  const err = await verifyIdToken(token, expect_(over)).then(() => null, (e: unknown) => e)
  expect(err).toBeInstanceOf(IdTokenError)
  return (err as IdTokenError).message
}

describe('verifyIdToken', () => {
  it('accepts a well-formed token and returns its claims', async () => {
    const out = await verifyIdToken(jwt(claims(), good.privateKey, { kid: 'key-1' }), expect_())
    expect(out).toMatchObject({ sub: 'subject', oid: 'oid-1', email: 'a@example.test' })
  })

  it('refuses a wrong audience', async () => {
    expect(await refused(jwt(claims({ aud: 'someone-else' }), good.privateKey, { kid: 'key-1' }))).toMatch(/audience/)
    expect(await refused(jwt(claims({ aud: ['someone-else', CLIENT_ID] }), good.privateKey, { kid: 'key-1' }))).toMatch(/authorised party/)
  })

  it('refuses a bad signature', async () => {
    expect(await refused(jwt(claims(), other.privateKey, { kid: 'key-1' }))).toMatch(/signature/)
    const [h, , s] = jwt(claims(), good.privateKey, { kid: 'key-1' }).split('.')
    expect(await refused(`${h}.${b64(claims({ email: 'evil@example.test' }))}.${s}`)).toMatch(/signature/)
  })

  it('refuses alg none and HMAC tokens (algorithm confusion)', async () => {
    expect(await refused(`${b64({ alg: 'none' })}.${b64(claims())}.`)).toMatch(/algorithm/)
    const head = b64({ alg: 'HS256', kid: 'key-1' })
    const body = b64(claims())
    const mac = createHmac('sha256', JSON.stringify(good.jwk)).update(`${head}.${body}`).digest('base64url')
    expect(await refused(`${head}.${body}.${mac}`)).toMatch(/algorithm/)
  })

  it('refuses a wrong issuer, expiry, a future token, a wrong nonce and an unknown key', async () => {
    const k = { kid: 'key-1' }
    expect(await refused(jwt(claims({ iss: 'https://evil.example/v2.0' }), good.privateKey, k))).toMatch(/issuer/)
    expect(await refused(jwt(claims({ exp: NOW - 3600 }), good.privateKey, k))).toMatch(/expired/)
    expect(await refused(jwt(claims({ nbf: NOW + 3600 }), good.privateKey, k))).toMatch(/not valid yet/)
    expect(await refused(jwt(claims({ nonce: 'other' }), good.privateKey, k))).toMatch(/nonce/)
    expect(await refused(jwt(claims({ nonce: undefined }), good.privateKey, k))).toMatch(/nonce/)
    expect(await refused(jwt(claims(), good.privateKey, { kid: 'key-9' }))).toMatch(/signing key/)
    expect(await refused('not.a.jwt!')).toMatch(/compact/)
  })

  it("fills Entra's {tenantid} issuer placeholder from the tid claim", async () => {
    const token = jwt(claims({ iss: 'https://login.example.test/tid-7/v2.0', tid: 'tid-7' }), good.privateKey, { kid: 'key-1' })
    await expect(verifyIdToken(token, expect_({ issuer: 'https://login.example.test/{tenantid}/v2.0' }))).resolves.toBeTruthy()
    const other = jwt(claims({ iss: 'https://login.example.test/tid-7/v2.0', tid: 'tid-8' }), good.privateKey, { kid: 'key-1' })
    expect(await refused(other, { issuer: 'https://login.example.test/{tenantid}/v2.0' })).toMatch(/issuer/)
  })

  it('refetches the key set once when the kid is unknown (key rotation)', async () => {
    const rotated = rsaKey('key-2')
    const calls: boolean[] = []
    const keys: KeySource = async (refresh) => {
      calls.push(refresh)
      return refresh ? [good.jwk, rotated.jwk] : [good.jwk]
    }
    await verifyIdToken(jwt(claims(), rotated.privateKey, { kid: 'key-2' }), expect_({ keys }))
    expect(calls).toEqual([false, true])
  })
})
