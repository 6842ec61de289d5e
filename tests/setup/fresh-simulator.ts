/**
 * Setup file of the integration project: every test file starts with the simulator's defaults (no faults, no gate,
 * no pinned day, seed or list formats), whatever the file before it left configured. Without it a file that forgot
 * to reset (a 401 fault on OpenAI, say) changed what the next file saw, and a test's result depended on the order
 * vitest chose. Learned projects are kept, as in resetSimulator().
 */
import { beforeAll } from 'vitest'
import { resetSimulator } from '../support/flows'

beforeAll(resetSimulator)
