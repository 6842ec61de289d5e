#!/usr/bin/env node
// Runs on whatever Node is on PATH (even an old one): installs what is missing, then hands over
// to the pinned Node 24 in node_modules/.bin. No dependencies of its own.
//   node scripts/bootstrap.mjs start|dev|test [args...]
import { execFileSync, spawnSync, spawn } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { createHash } from 'node:crypto'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const [command = 'start', ...rest] = process.argv.slice(2)
const say = (line) => console.log(`[setup] ${line}`)

function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { stdio: 'inherit', cwd: root, ...opts })
  return r.status === 0
}

function which(cmd) {
  const r = spawnSync('sh', ['-c', `command -v ${cmd}`], { encoding: 'utf8' })
  return r.status === 0 ? r.stdout.trim() : null
}

// 1. Dependencies (including the pinned Node 24 from the npm `node` package).
const node24 = path.join(root, 'node_modules', '.bin', 'node')
// A stamp of package.json + package-lock.json, written after a successful install.
const stampFile = path.join(root, 'node_modules', '.install-stamp')
const wantedStamp = () =>
  createHash('sha256')
    .update(readFileSync(path.join(root, 'package.json')))
    .update(existsSync(path.join(root, 'package-lock.json')) ? readFileSync(path.join(root, 'package-lock.json')) : '')
    .digest('hex')
const installed = () => existsSync(node24) && existsSync(path.join(root, 'node_modules', '@remix-run', 'dev')) && existsSync(stampFile) && readFileSync(stampFile, 'utf8') === wantedStamp()
if (!installed()) {
  // `npm install` rather than `npm ci`: the lock omits other platforms' optional binaries, which `ci` refuses.
  say('installing dependencies (npm install)...')
  if (!run('npm', ['install', '--no-audit', '--no-fund'])) {
    console.error('[setup] Could not install dependencies. Check your network access to the npm registry.')
    process.exit(1)
  }
  writeFileSync(stampFile, wantedStamp())
}

// 2. Temporal CLI (dev server), unless an external Temporal is configured.
const toolsBin = path.join(root, '.tools', 'bin')
const temporalLocal = path.join(toolsBin, 'temporal')
if (!process.env.TEMPORAL_ADDRESS && !existsSync(temporalLocal) && !which('temporal')) {
  const go = which('go') ?? (existsSync('/usr/local/go/bin/go') ? '/usr/local/go/bin/go' : null)
  if (!go) {
    console.error(
      '[setup] The Temporal CLI is missing and Go is not installed to build it.\n' +
        '        Install Go (https://go.dev/dl/) or the Temporal CLI (`temporal` on PATH),\n' +
        '        or set TEMPORAL_ADDRESS to an existing Temporal server.',
    )
    process.exit(1)
  }
  mkdirSync(toolsBin, { recursive: true })
  say('building the Temporal CLI v1.5.1 with Go into .tools/bin: this happens once, on the first run, and takes')
  say('a few minutes (about 4 on two cores). Later starts skip it.')
  const started = Date.now()
  // A terminal that prints nothing for minutes looks stuck: say what is happening every 15 s.
  const ticker = setInterval(() => say(`still building the Temporal CLI (first run only, ${Math.round((Date.now() - started) / 1000)} s so far)...`), 15_000)
  const code = await new Promise((resolve) => {
    const child = spawn(go, ['install', 'github.com/temporalio/cli/cmd/temporal@v1.5.1'], { stdio: 'inherit', cwd: root, env: { ...process.env, GOBIN: toolsBin } })
    child.on('exit', (c) => resolve(c ?? 1))
    child.on('error', () => resolve(1))
  })
  clearInterval(ticker)
  if (code !== 0) {
    console.error('[setup] Building the Temporal CLI with Go failed (its output is above). Install it yourself (`temporal` on PATH) or set TEMPORAL_ADDRESS.')
    process.exit(1)
  }
  say(`built the Temporal CLI in ${Math.round((Date.now() - started) / 1000)} s.`)
}

// 3. Chromium for PDF export and browser tests (Debian package), where apt works.
const chromium = process.env.CHROMIUM_PATH || which('chromium') || which('chromium-browser') || which('google-chrome')
if (!chromium && (command === 'test' || process.env.INSTALL_CHROMIUM === 'true')) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0
  if (which('apt-get') && isRoot) {
    say('installing Chromium (apt-get install chromium)...')
    run('sh', ['-c', 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null'])
  }
  if (!which('chromium')) {
    say('Chromium is not installed: browser tests and PDF export need it.')
    say('  Debian/Ubuntu: sudo apt-get install chromium   |   or set CHROMIUM_PATH to a Chrome/Chromium binary.')
    if (command === 'test') process.exit(1)
  }
}

// 3b. Fonts for the reports' PDF: CJK and Arabic/Hebrew glyphs, so no text prints as boxes. Debian's
// fonts-noto-cjk (Japanese, Chinese, Korean) and fonts-dejavu-core (Latin, Arabic, Hebrew), installed like Chromium.
if (command === 'test' || command === 'start' || process.env.INSTALL_CHROMIUM === 'true') {
  const hasLang = (lang) => {
    try {
      return execFileSync('fc-list', [`:lang=${lang}`, 'family'], { encoding: 'utf8' }).trim() !== ''
    } catch {
      return false
    }
  }
  const missing = [!hasLang('ja') && 'fonts-noto-cjk', (!hasLang('ar') || !hasLang('he')) && 'fonts-dejavu-core'].filter(Boolean)
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0
  if (missing.length && which('apt-get') && isRoot && which('fc-list')) {
    say(`installing report fonts (apt-get install ${missing.join(' ')})...`)
    run('sh', ['-c', `apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${missing.join(' ')} >/dev/null`])
  } else if (missing.length && which('fc-list')) {
    say(`Reports in Japanese, Chinese, Korean, Arabic or Hebrew need fonts: sudo apt-get install ${missing.join(' ')}`)
  }
}

// 4. Hand over to Node 24.
const entry = { start: 'scripts/start.ts', dev: 'scripts/start.ts', test: 'scripts/test.ts' }[command]
if (!entry) {
  console.error(`[setup] unknown command ${command}`)
  process.exit(2)
}
const env = { ...process.env, PATH: `${path.join(root, 'node_modules', '.bin')}:${toolsBin}:${process.env.PATH}` }
if (command === 'dev') env.NODE_ENV = 'development'
const child = spawn(node24, ['--import', 'tsx', entry, ...rest], { stdio: 'inherit', cwd: root, env })
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig))
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
