import AxeBuilder from '@axe-core/playwright'
import { expect, type Page } from '@playwright/test'

/** The sizes every page is checked at: a desktop, and a phone held upright. */
export const DESKTOP = { width: 1440, height: 900 }
export const PHONE = { width: 390, height: 844 }
export const TABLET = { width: 768, height: 1024 }
/** The narrowest phone the product promises to fit without sideways scrolling. */
export const SMALL_PHONE = { width: 360, height: 740 }

/** WCAG 2.0 and 2.1, levels A and AA: what the product promises (docs/product.md). */
const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']

/**
 * Fails with every A / AA violation on the page as it is now (open modals included), one line each. A sandboxed
 * frame (an email's preview) is left out: it holds the mail as written, not the app, and with scripts off in it
 * axe waits for an answer from inside it until the test times out.
 */
export async function expectAccessible(page: Page, what: string): Promise<void> {
  // A toast fading in is half transparent: its colours are measured once it has arrived.
  await settled(page)
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_AA).exclude('iframe[sandbox]').analyze()
  const lines = violations.flatMap((v) =>
    v.nodes.map((n) => `${v.id} (${v.impact}): ${n.target.join(' ')} — ${n.failureSummary?.split('\n')[1] ?? ''}`),
  )
  expect(lines, `axe on ${what}`).toEqual([])
}

/**
 * Controls a person can see but not reach without scrolling the page sideways: buttons, links and fields
 * whose box lies partly or wholly left or right of the viewport. Hidden ones (no box, visually hidden text
 * for screen readers, a bot trap hidden from everyone) do not count.
 */
export async function offScreenControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const selector =
      'a[href], button, input:not([type=hidden]), select, textarea, [role=button], [role=combobox], [tabindex="0"]'
    const width = document.documentElement.clientWidth
    return [...document.querySelectorAll<HTMLElement>(selector)].flatMap((el) => {
      const box = el.getBoundingClientRect()
      const style = getComputedStyle(el)
      if (box.width <= 1 || box.height <= 1 || style.visibility === 'hidden') return []
      // Hidden from assistive technology and out of the tab order: a bot trap no person sees or reaches.
      if (el.closest('[aria-hidden="true"]') && el.tabIndex < 0) return []
      if (box.left >= -0.5 && box.right <= width + 0.5) return []
      const name = el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 40) ?? ''
      return [`${el.tagName.toLowerCase()} "${name}" at ${Math.round(box.left)}–${Math.round(box.right)} px`]
    })
  })
}

/**
 * Waits until the page's finite CSS transitions and animations have ended (a spinner's endless one is left
 * alone): right after a resize a toast still slides from its desktop place to its phone place, and a box
 * measured mid-slide is not where a person on that screen ever sees it.
 */
async function settled(page: Page): Promise<void> {
  // Quiet means no finite animation running at two checks two frames apart: a toast starts its fade only after the
  // render that mounts it, so one look right after opening a window can come before it (CI measured one mid-fade).
  await page.evaluate(async () => {
    const twoFrames = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))
    const running = () =>
      document
        .getAnimations()
        .filter((a) => a.playState === 'running' && Number.isFinite(a.effect?.getComputedTiming().endTime ?? Infinity))
    const deadline = performance.now() + 2_000
    for (let quiet = 0; quiet < 2 && performance.now() < deadline;) {
      await twoFrames()
      const now = running()
      quiet = now.length === 0 ? quiet + 1 : 0
      const left = deadline - performance.now()
      if (now.length > 0 && left > 0) {
        await Promise.race([
          Promise.allSettled(now.map((a) => a.finished)),
          new Promise((resolve) => setTimeout(resolve, left)),
        ])
      }
    }
  })
}

/**
 * Fails when the page itself scrolls sideways and, on a phone, when any control lies outside the viewport.
 * On wider screens a wide table may scroll sideways inside its own box, so its far columns are off screen.
 */
export async function expectFitsScreen(page: Page, what: string): Promise<void> {
  await settled(page)
  if ((page.viewportSize()?.width ?? 0) <= PHONE.width) {
    expect(await offScreenControls(page), `controls off screen on ${what}`).toEqual([])
  }
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  )
  expect(overflow, `sideways scroll of ${what}`).toBeLessThanOrEqual(0)
}

/**
 * A window that needs data to open (a payment, a load, a call) checked where it is open, on a phone and a tablet
 * as well as at the size the test runs at: axe and the fit check at each, then the test's own size again.
 */
export async function expectWindowOnEverySize(page: Page, what: string): Promise<void> {
  const own = page.viewportSize() ?? DESKTOP
  for (const size of [own, PHONE, TABLET]) {
    await page.setViewportSize(size)
    await expectAccessible(page, `${what} at ${size.width} px`)
    await expectFitsScreen(page, `${what} at ${size.width} px`)
  }
  await page.setViewportSize(own)
}
