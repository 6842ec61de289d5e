import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import { builtinModules } from 'node:module'

/**
 * Layers point one way (README, "Architecture"):
 *   routes → app/**\/*.server.ts → app/domain and db/
 *   activities → app/domain, db/, the gateway;  workflows → workflows/ and types of activities, app, db
 *   app/components → app/domain (types, pure view builders) and other components
 * A wrong import fails `npm run lint`. worker/ and scripts/ are composition roots and may import any layer.
 */
const layer = (...patterns) => ['error', { patterns: patterns.map(([group, message]) => ({ group, message })) }]
const SERVER = [['**/*.server', '**/*.server.ts', '~/lib/*'], 'server modules belong to routes and other *.server.ts modules']
const ACTIVITIES = [['**/activities', '**/activities/**'], 'the app and the domain do not import activities: move shared code to app/domain or db/']
const WORKER = [['**/worker/**'], 'only scripts/ import the worker']
const WORKFLOW_CODE = [['**/workflows/*', '!**/workflows/shared', '!**/workflows/search-attributes'], 'outside workflows/, import only workflows/shared (messages, ids, task queue, search attributes)']
const COMPONENTS = [['~/components/*', '~/components/**', '**/components/*', '**/components/**'], 'lower layers do not import components: move shared types and view builders to app/domain']
const ROUTES = [['~/routes/*', '~/root', '**/routes/*', '**/root'], 'nothing imports a route module or root: move shared types to app/domain']
const DB = [['**/db/*', '**/db/**'], 'the domain is pure: no database']

export default tseslint.config(
  { ignores: ['build/**', 'public/build/**', '.cache/**', '.tools/**', '.data/**', '.test-data/**', 'node_modules/**', 'test-artifacts/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      'no-empty': ['error', { allowEmptyCatch: true }],
    },
  },
  { files: ['app/domain/**/*.{ts,tsx}'], rules: { 'no-restricted-imports': layer(SERVER, ACTIVITIES, WORKER, WORKFLOW_CODE, COMPONENTS, ROUTES, DB, [['postgres', '@temporalio/*', 'node:*'], 'the domain is pure: no I/O']) } },
  { files: ['app/components/**/*.{ts,tsx}'], rules: { 'no-restricted-imports': layer(SERVER, ACTIVITIES, WORKER, WORKFLOW_CODE, ROUTES, DB) } },
  { files: ['app/lib/**/*.{ts,tsx}'], rules: { 'no-restricted-imports': layer(ACTIVITIES, WORKER, WORKFLOW_CODE, COMPONENTS, ROUTES) } },
  // The Temporal client module starts runs by their workflow function (workflows/index), and is the only one that may.
  {
    files: ['app/lib/temporal.server.ts'],
    rules: { 'no-restricted-imports': layer(ACTIVITIES, WORKER, COMPONENTS, ROUTES, [[...WORKFLOW_CODE[0], '!**/workflows/index'], WORKFLOW_CODE[1]]) },
  },
  { files: ['app/routes/**/*.{ts,tsx}', 'app/root.tsx', 'app/entry.*.tsx'], rules: { 'no-restricted-imports': layer(ACTIVITIES, WORKER, WORKFLOW_CODE, DB) } },
  { files: ['activities/**/*.ts'], rules: { 'no-restricted-imports': layer(SERVER, WORKER, WORKFLOW_CODE, COMPONENTS, ROUTES) } },
  { files: ['db/**/*.ts'], rules: { 'no-restricted-imports': layer(SERVER, ACTIVITIES, WORKER, WORKFLOW_CODE, COMPONENTS, ROUTES) } },
  // Workflows run in Temporal's deterministic sandbox: values only from @temporalio/workflow and workflows/ itself;
  // activities, the app, db/ and Node built-ins only as types (`import type`, e.g. proxyActivities<typeof activities>).
  // The one exception: the pure optimiser modules whose arithmetic the optimiser workflow runs (the domain's own rule
  // keeps them free of I/O); moving them here would split the optimiser's score arithmetic from the screen that shows it.
  {
    files: ['workflows/**/*.ts'],
    rules: {
      'no-restricted-imports': 'off',
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [...builtinModules, ...builtinModules.map((m) => `node:${m}`)].map((name) => ({ name, message: 'workflows are deterministic: no Node built-ins (types only)', allowTypeImports: true })),
          patterns: [
            { group: ['**/activities', '**/activities/**'], message: 'workflows import activity types only (`import type`): proxyActivities<typeof activities>', allowTypeImports: true },
            {
              regex: '^(~/|(\\.\\./)+app/(?!domain/optimiser/(assemble|progress|constants)$))',
              message: 'workflows import the app as types only: move shared values to workflows/shared',
              allowTypeImports: true,
            },
            { group: ['**/db', '**/db/**'], message: 'workflows are deterministic: no database (types only)', allowTypeImports: true },
            { group: ['**/worker', '**/worker/**', '**/scripts/**'], message: 'workflows do not import the worker or scripts' },
            { group: ['postgres', 'openai', '@anthropic-ai/*', '@google/genai', '@temporalio/client', '@temporalio/worker', '@temporalio/activity'], message: 'workflows are deterministic: no I/O, only @temporalio/workflow', allowTypeImports: true },
          ],
        },
      ],
    },
  },
  // Screens call JSON endpoints through app/components/json.ts (callJson / fetchJson / errorText): one error rule for
  // every call. Exempt: json.ts itself and the service worker; a streaming call says why beside it.
  {
    files: ['app/components/**/*.{ts,tsx}', 'app/routes/**/*.tsx'],
    ignores: [
      'app/components/json.ts',
      'app/routes/service-worker[.]js.ts',
      '**/*.test.{ts,tsx}',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...["CallExpression[callee.name='fetch']", "CallExpression[callee.object.name=/^(window|globalThis|self)$/][callee.property.name='fetch']"].map((selector) => ({
          selector,
          message: 'screens call JSON endpoints through app/components/json.ts (callJson, fetchJson, errorText), not raw fetch',
        })),
      ],
    },
  },
  // Tests may reach into any layer to set up what they check.
  { files: ['**/*.test.{ts,tsx}'], rules: { 'no-restricted-imports': 'off', '@typescript-eslint/no-restricted-imports': 'off' } },
)
