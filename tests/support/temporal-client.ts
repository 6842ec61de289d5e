/** A Temporal client on the test stack's server for the tests of one file (or describe block), closed after them. */
import { Client, Connection } from '@temporalio/client'
import { testEnv } from './env'

export function temporalClientForTests(): { readonly client: Client; readonly connection: Connection } {
  let connection: Connection | undefined
  let client: Client | undefined
  beforeAll(async () => {
    connection = await Connection.connect({ address: testEnv().temporalAddress })
    client = new Client({ connection, namespace: 'default' })
  })
  afterAll(async () => {
    await connection?.close()
  })
  return {
    get client() {
      if (!client) throw new Error('temporalClientForTests: the client is ready only inside tests')
      return client
    },
    get connection() {
      if (!connection) throw new Error('temporalClientForTests: the connection is ready only inside tests')
      return connection
    },
  }
}
