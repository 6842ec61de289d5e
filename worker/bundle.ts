/**
 * Bundles the workflow code once, in its own process, so the worker starts fast and its memory
 * does not carry webpack's peak: `tsx worker/bundle.ts [out]` (default build/workflow-bundle.js).
 */
import { bundleWorkflowCode } from '@temporalio/worker'
import { mkdirSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'

const require = createRequire(import.meta.url)
const out = path.resolve(process.argv[2] ?? 'build/workflow-bundle.js')
const { code } = await bundleWorkflowCode({ workflowsPath: require.resolve('../workflows/index.ts'), logger: undefined })
mkdirSync(path.dirname(out), { recursive: true })
writeFileSync(out, code)
console.log(`workflow bundle written to ${path.relative(process.cwd(), out)}`)
