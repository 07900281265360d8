/**
 * Lighthouse's mobile preset (a mid-range phone on slow 4G, the CPU slowed 4×) on the product as a newcomer starts
 * it: the standalone process on its embedded default with its demo data, the built web app. /login as anyone
 * opens it; /contacts after signing in, in the same tab (the session lives in sessionStorage), so Lighthouse is
 * told to keep the tab's storage. `BENCH_ONLY=lighthouse npm run bench` runs it alone after `npm run build:web`.
 */
import lighthouse from 'lighthouse'
import puppeteer, { type Page } from 'puppeteer-core'
import type { BenchRow } from './contact-lists/bench-row'
import { startStandaloneProcess } from './standalone-process'

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
  const { base, stop } = await startStandaloneProcess()
  const browser = await puppeteer.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] })
  try {
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
    await stop()
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
