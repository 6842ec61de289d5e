/**
 * Runs the model simulator: `npm run simulator`.
 *
 *   SIMULATOR_PORT        port, default 4010 (point MODEL_SIMULATOR_URL at it)
 *   SIMULATOR_HOST        interface, default 127.0.0.1 (0.0.0.0 inside containers)
 *   SIMULATOR_SEED        seed of the answers, default "simulator"
 *   SIMULATOR_DAY         day the answers are composed for (YYYY-MM-DD), default today (UTC)
 *   SIMULATOR_BRAND_RATE  share of answers that name the project's own brand, default 0.6
 *   SIMULATOR_DATA_FILE   JSON file for learned projects, default none (memory only)
 *   SIMULATOR_LATENCY     "off" answers at once; default: a realistic 0.5-3 s per call, per provider
 */
import { startSimulator } from './server'

const port = Number(process.env.SIMULATOR_PORT ?? 4010)
const sim = await startSimulator({
  port: Number.isInteger(port) && port >= 0 ? port : 4010,
  host: process.env.SIMULATOR_HOST || '127.0.0.1',
  dataFile: process.env.SIMULATOR_DATA_FILE || undefined,
  demoLatency: process.env.SIMULATOR_LATENCY !== 'off',
})
console.log(`Model simulator listening on ${sim.url}`)
console.log(`Use it with: DEMO_MODE=true MODEL_SIMULATOR_URL=${sim.url}`)

const stop = () => {
  void sim.close().then(() => process.exit(0))
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
