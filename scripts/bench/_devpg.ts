import { startEmbeddedPostgres } from '../stack'
const pg = await startEmbeddedPostgres({ dataDir: '/tmp/rsdev/pg', port: 54555, persistent: true, quiet: true })
console.log(pg.url)
process.on('SIGTERM', async () => { await pg.stop(); process.exit(0) })
setInterval(() => {}, 1 << 30)
