// TEMPORARY debug script (results engineer)
export {}
process.env.DATABASE_URL = 'postgres://postgres:postgres@127.0.0.1:54555/brandvis'
process.env.SESSION_SECRET = 'debug-secret-debug-secret-123456'
process.env.NODE_ENV = 'production'
const { createServer } = await import('../server')
const { createSession } = await import('../../app/lib/session.server')
const { getSql } = await import('../../db/client')
const sql = getSql(process.env.DATABASE_URL)
const [p] = await sql`select id, user_id from projects where name = 'Bench running shoes' limit 1`
const cookie = await createSession(p.user_id, 'local')
const app = await createServer()
const server = app.listen(45678, '127.0.0.1')
const puppeteer = (await import('puppeteer-core')).default
const browser = await puppeteer.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-dev-shm-usage'] })
const page = await browser.newPage()
await page.setViewport({ width: Number(process.env.W ?? 1366), height: 900 })
page.on('console', (m) => console.log('console', m.type(), m.text().slice(0, 300)))
page.on('response', (r) => { if (r.status() >= 400) console.log('HTTP', r.status(), r.url()) })
page.on('pageerror', (e) => console.log('pageerror', String(e)))
const [name, value] = cookie.split(';')[0].split('=')
await page.setCookie({ name, value, url: 'http://127.0.0.1:45678' })
for (const tab of (process.env.TABS ?? 'overview').split(',')) {
  await page.goto(`http://127.0.0.1:45678${process.env.P ?? '/dev-results'}?phase=2&project=${p.id}&tab=${tab}${process.env.Q ?? ''}`, { waitUntil: 'networkidle0' })
  await new Promise((r) => setTimeout(r, 500))
  const sizes = [] as string[]; void await page.$$eval('.rs-chart', (els) => els.map((e) => { const r = e.getBoundingClientRect(); const s = e.querySelector('svg.recharts-surface')?.getBoundingClientRect(); return `${Math.round(r.width)}x${Math.round(r.height)} svg ${s ? Math.round(s.width) + 'x' + Math.round(s.height) : 'none'}` }))
  console.log(tab, sizes)

  const h = await page.evaluate(() => document.documentElement.scrollHeight)
  await page.setViewport({ width: Number(process.env.W ?? 1366), height: Math.min(h, 5000) })
  await new Promise((r) => setTimeout(r, 400))
  await page.screenshot({ path: `/tmp/rsdbg/${tab}.png` })
  await page.setViewport({ width: Number(process.env.W ?? 1366), height: 900 })
}
await browser.close()
server.close()
process.exit(0)
