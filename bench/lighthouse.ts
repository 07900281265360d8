/**
 * Lighthouse's mobile preset (a mid-range phone on slow 4G, the CPU slowed 4×) on the product as a newcomer starts
 * it: the standalone process on its embedded default with its demo data, the built web app. /login as anyone
 * opens it; /contacts after signing in, in the same tab (the session lives in sessionStorage), so Lighthouse is
 * told to keep the tab's storage. `npx tsx bench/lighthouse.ts` runs it alone after `npm run build:web`.
 */
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { readFileSync, writeFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import lighthouse from 'lighthouse'
import puppeteer, { type Page } from 'puppeteer-core'
import type { BenchRow } from './contact-lists/bench-row'
import { renderBenchRows, replaceSection } from './contact-lists/render-rows'
import { loadAverage } from './machine'
import { freePort } from './services'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const DEMO_ADMIN = { email: 'admin@example.com', password: 'admin12345' }

interface PageScores {
  path: string
  performance: number
  accessibility: number
  largestContentfulPaintMs: number
  totalBlockingTimeMs: number
}

/** One audit; a run Lighthouse itself could not finish (no paint seen, a page error) is tried once more. */
async function audit(page: Page, url: string, keepStorage: boolean, retry = true): Promise<Omit<PageScores, 'path'>> {
  const result = await lighthouse(
    url,
    { onlyCategories: ['performance', 'accessibility'], disableStorageReset: keepStorage, logLevel: 'error' },
    undefined,
    page,
  )
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`)
  // A lost session would send /contacts to the sign-in form and measure that instead.
  if (new URL(result.lhr.finalDisplayedUrl).pathname !== new URL(url).pathname) {
    throw new Error(`Lighthouse measured ${result.lhr.finalDisplayedUrl}, not ${url}`)
  }
  const { categories, audits, runtimeError } = result.lhr
  if (runtimeError || categories.performance?.score == null) {
    if (retry) return audit(page, url, keepStorage, false)
    throw new Error(`Lighthouse could not measure ${url}: ${runtimeError?.message ?? 'no performance score'}`)
  }
  return {
    performance: Math.round((categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
    largestContentfulPaintMs: audits['largest-contentful-paint']?.numericValue ?? NaN,
    totalBlockingTimeMs: audits['total-blocking-time']?.numericValue ?? NaN,
  }
}

export async function measureLighthouse(): Promise<PageScores[]> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'crm-lighthouse-'))
  const port = await freePort()
  const server = spawn(path.join(root, 'node_modules', '.bin', 'tsx'), ['services/standalone/src/server.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '', REDIS_URL: '' },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const base = `http://127.0.0.1:${port}`
  const browser = await puppeteer.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] })
  try {
    await waitForHealth(base)
    const page = await browser.newPage()
    const scores: PageScores[] = [{ path: '/login', ...(await audit(page, `${base}/login`, false)) }]
    // Sign in through the form in this tab, then audit /contacts with the tab's session kept.
    await page.goto(`${base}/login`)
    await page.locator('input[type=email]').fill(DEMO_ADMIN.email)
    await page.locator('input[type=password]').fill(DEMO_ADMIN.password)
    await Promise.all([page.waitForNavigation(), page.locator('button[type=submit]').click()])
    scores.push({ path: '/contacts', ...(await audit(page, `${base}/contacts`, true)) })
    return scores
  } finally {
    await browser.close()
    server.kill('SIGTERM')
    await once(server, 'exit')
    await rm(dataDir, { recursive: true, force: true })
  }
}

async function waitForHealth(base: string): Promise<void> {
  const until = Date.now() + 180_000
  for (;;) {
    const ok = await fetch(`${base}/api/v1/health`).then(
      (r) => r.ok,
      () => false,
    )
    if (ok) return
    if (Date.now() > until) throw new Error('the standalone process did not start in 3 minutes')
    await new Promise((r) => setTimeout(r, 500))
  }
}

/** Targets of the phone issue: performance ≥ 90 and LCP < 2.5 s on /login; accessibility 100 on every page. */
export function lighthouseRows(scores: PageScores[]): BenchRow[] {
  return scores.flatMap((s) => {
    const login = s.path === '/login'
    return [
      {
        name: `${s.path}: performance (mobile preset)`,
        value: s.performance,
        unit: 'of 100',
        ...(login && { target: '≥ 90', pass: s.performance >= 90 }),
      },
      {
        name: `${s.path}: largest contentful paint`,
        value: Math.round(s.largestContentfulPaintMs),
        unit: 'ms',
        ...(login && { target: '< 2,500 ms', pass: s.largestContentfulPaintMs < 2500 }),
      },
      { name: `${s.path}: total blocking time`, value: Math.round(s.totalBlockingTimeMs), unit: 'ms' },
      {
        name: `${s.path}: accessibility`,
        value: s.accessibility,
        unit: 'of 100',
        target: '100',
        pass: s.accessibility === 100,
      },
    ]
  })
}

export const lighthouseTitle =
  'Web app on a phone: Lighthouse mobile preset (simulated slow 4G, 4× CPU slowdown; the machine is shared)'

// Alone: measures and replaces its section of bench/results.md, with the date and the machine's load.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const before = loadAverage()
  const rows = lighthouseRows(await measureLighthouse())
  const when = `Measured on its own (npx tsx bench/lighthouse.ts) on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, load average before / after ${before} / ${loadAverage()}.`
  const file = path.join(root, 'bench', 'results.md')
  const body = renderBenchRows(lighthouseTitle, rows).replace('\n\n', `\n\n${when}\n\n`)
  writeFileSync(file, replaceSection(readFileSync(file, 'utf8'), lighthouseTitle, body))
  console.log(body)
}
