/**
 * /contacts with 1,000 contacts in headless Chromium, no throttling: from the start of the navigation until the
 * table shows its rows and the main thread has finished its long tasks (the page answers a click or a key at
 * once). The product as a newcomer starts it: the standalone process on its embedded default, the built web app;
 * the contacts are created through the API. `BENCH_ONLY=contacts-interactive npm run bench` runs it alone
 * after `npm run build:web`.
 */
import puppeteer from 'puppeteer-core'
import type { BenchRow } from './contact-lists/bench-row'
import { startStandaloneProcess } from './standalone-process'
import { percentile } from './stats'

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const ADMIN = { email: 'admin@example.com', password: 'admin12345' }
const CONTACTS = 1_000
const LOADS = 10

export const contactsInteractiveTitle = `The contacts screen interactive with ${CONTACTS.toLocaleString('en-US')} contacts (headless Chromium, no throttling; the machine is shared)`

export async function measureContactsInteractive(): Promise<BenchRow[]> {
  const { base, stop } = await startStandaloneProcess({ SEED_DEMO: '0' })
  const browser = await puppeteer.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] })
  try {
    await createContacts(base, CONTACTS)
    const page = await browser.newPage()
    await page.setViewport({ width: 1440, height: 900 })
    // Long tasks of each load, recorded from its first script on.
    // (As text: it runs in the page, whose types this bench is not compiled with.)
    await page.evaluateOnNewDocument(`
      window.longTaskEnd = 0
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) window.longTaskEnd = Math.max(window.longTaskEnd, e.startTime + e.duration)
      }).observe({ type: 'longtask', buffered: true })
    `)
    await page.goto(`${base}/login`)
    await page.locator('input[type=email]').fill(ADMIN.email)
    await page.locator('input[type=password]').fill(ADMIN.password)
    await Promise.all([page.waitForNavigation(), page.locator('button[type=submit]').click()])

    const rowsShown: number[] = []
    const interactive: number[] = []
    for (let i = 0; i <= LOADS; i++) {
      await page.goto(`${base}/contacts`, { waitUntil: 'domcontentloaded' })
      await page.waitForSelector('table tbody tr td a', { timeout: 30_000 })
      const rowsAt = await page.evaluate(() => performance.now())
      // A long task that starts later than this quiet spell is no longer part of the load.
      await new Promise((r) => setTimeout(r, 500))
      const longTaskEnd = (await page.evaluate('window.longTaskEnd')) as number
      // The first load fills the browser's cache (a rep opens the app once a day); the others are measured.
      if (i === 0) continue
      rowsShown.push(rowsAt)
      interactive.push(Math.max(rowsAt, longTaskEnd))
    }
    const shown = { p50: percentile(rowsShown, 50), p95: percentile(rowsShown, 95) }
    const ready = { p50: percentile(interactive, 50), p95: percentile(interactive, 95) }
    const note = `${LOADS} loads after a first one; 2 cores shared with PGlite, the server and Chromium`
    return [
      { name: '/contacts: rows shown, p50', value: shown.p50, unit: 'ms' },
      { name: '/contacts: rows shown, p95', value: shown.p95, unit: 'ms', note },
      { name: '/contacts: interactive (rows shown, long tasks over), p50', value: ready.p50, unit: 'ms' },
      {
        name: '/contacts: interactive (rows shown, long tasks over), p95',
        value: ready.p95,
        unit: 'ms',
        target: '< 1,000 ms',
        pass: ready.p95 < 1000,
        note,
      },
    ]
  } finally {
    await browser.close()
    await stop()
  }
}

/** `count` Motor Carrier contacts of the administrator's division, eight requests at a time. */
async function createContacts(base: string, count: number): Promise<void> {
  const login = await fetch(`${base}/api/v1/auth/login-user`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  })
  const { token } = (await login.json()) as { token: string }
  let next = 0
  const worker = async () => {
    while (next < count) {
      const i = next++
      const response = await fetch(`${base}/api/v1/contacts`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({
          name: `Interstate Freight ${String(i).padStart(4, '0')}`,
          organizationTypeId: 7,
          dotNumber: String(2_000_000 + i),
          numberOfTrucks: 1 + (i % 40),
          businessPhone: `(555) ${String(100 + (i % 900)).padStart(3, '0')}-${String(i % 10_000).padStart(4, '0')}`,
          address: { city: 'Joliet', state: 'IL', zip: '60431' },
        }),
      })
      if (response.status !== 201) throw new Error(`creating a contact answered ${response.status}`)
    }
  }
  await Promise.all(Array.from({ length: 8 }, worker))
}
