import { temporalConnectionOptions as optionsOf } from './temporal'

const temporalConnectionOptions = (env: Record<string, string>) => optionsOf(env as NodeJS.ProcessEnv)

describe('temporalConnectionOptions: the TEMPORAL_* settings of the app and the workers', () => {
  it('connects in plain text to a dev server', () => {
    expect(temporalConnectionOptions({ TEMPORAL_ADDRESS: '127.0.0.1:7233' })).toEqual({ address: '127.0.0.1:7233', tls: undefined, apiKey: undefined, metadata: undefined })
  })

  it('a self-hosted cluster with its own CA and mutual TLS (the cluster profile): CA, client pair and server name', () => {
    const opts = temporalConnectionOptions({
      TEMPORAL_ADDRESS: '127.0.0.1:15100',
      TEMPORAL_TLS_CA: 'CA PEM',
      TEMPORAL_TLS_CERT: 'CERT\\nPEM',
      TEMPORAL_TLS_KEY: 'KEY PEM',
      TEMPORAL_TLS_SERVER_NAME: 'localhost',
    })
    // An escaped \n (one line in an .env file) becomes a newline.
    expect(opts.tls).toEqual({
      clientCertPair: { crt: Buffer.from('CERT\nPEM'), key: Buffer.from('KEY PEM') },
      serverRootCACertificate: Buffer.from('CA PEM'),
      serverNameOverride: 'localhost',
    })
  })

  it('a CA alone verifies the server without a client certificate; Temporal Cloud with an API key uses the system CAs', () => {
    expect(temporalConnectionOptions({ TEMPORAL_TLS_CA: 'CA PEM' }).tls).toEqual({ serverRootCACertificate: Buffer.from('CA PEM') })
    const cloud = temporalConnectionOptions({ TEMPORAL_ADDRESS: 'ns.acct.tmprl.cloud:7233', TEMPORAL_NAMESPACE: 'ns.acct', TEMPORAL_API_KEY: 'k' })
    expect(cloud).toEqual({ address: 'ns.acct.tmprl.cloud:7233', tls: true, apiKey: 'k', metadata: { 'temporal-namespace': 'ns.acct' } })
  })
})
