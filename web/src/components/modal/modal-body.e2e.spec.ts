import { expect, test } from '@playwright/test'
import { createAndOpenContact, logIn } from '../../testing/e2e-steps'
import { PHONE } from '../../testing/page-checks'

test.use({ viewport: PHONE })

/**
 * A window's scrolling body is in the tab order from the moment it shows, not one task later: accessibility
 * checkers (and keyboard users) that look as soon as the window appears must find it focusable.
 */
test('a window that scrolls on a phone is focusable when it first shows', async ({ page, context }) => {
  await page.goto('/contacts')
  await logIn(page)
  const contact = await createAndOpenContact(page, context, `First Paint Freight ${Date.now()}`)
  await contact.setViewportSize(PHONE)
  // Records each window body's tabindex when it enters the page, before the browser gets to paint it.
  await contact.evaluate(() => {
    const seen: (string | null)[] = []
    Object.assign(window, { firstSeenTabIndex: seen })
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.addedNodes)
          if (node instanceof HTMLElement)
            for (const body of [node, ...node.querySelectorAll('*')])
              if (body.matches('[role="dialog"] [data-modal-body]')) seen.push(body.getAttribute('tabindex'))
    }).observe(document.body, { childList: true, subtree: true })
  })
  await contact.getByRole('button', { name: 'Possible duplicates', exact: true }).click()
  const dialog = contact.getByRole('dialog', { name: 'Possible Duplicates' })
  await expect(dialog).toBeVisible()
  // The table's columns are wider than a phone: the body scrolls sideways.
  const body = dialog.locator('[data-modal-body]').first()
  expect(await body.evaluate((e) => e.scrollWidth > e.clientWidth)).toBe(true)
  const firstSeen = await contact.evaluate(
    () => (window as unknown as { firstSeenTabIndex: (string | null)[] }).firstSeenTabIndex,
  )
  expect(firstSeen).toEqual(['0'])
})
