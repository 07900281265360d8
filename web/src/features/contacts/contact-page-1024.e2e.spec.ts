import { expect, test, type Locator, type Page } from '@playwright/test'
import { createAndOpenContact, logIn } from '../../testing/e2e-steps'

/** The narrowest desktop a rep uses (a 1024 px laptop or a tablet held sideways). */
const LAPTOP = { width: 1024, height: 768 }

/** A card of the contact page, by its title. */
const card = (page: Page, title: string) =>
  page.locator('section', { has: page.getByRole('heading', { name: title, exact: true }) })

const widthOf = async (locator: Locator) => (await locator.boundingBox())?.width ?? 0

test('at 1024 px the contact page fits the screen: its cards stand in two columns and their text is not squeezed', async ({
  page,
  context,
}, testInfo) => {
  await page.setViewportSize(LAPTOP)
  await page.goto('/contacts')
  await logIn(page)
  const name = `Narrow Screen Freight ${Date.now()}`
  const contact = await createAndOpenContact(page, context, name)
  await contact.setViewportSize(LAPTOP)

  const company = card(contact, 'Company')
  await expect(company.getByText(name)).toBeVisible()
  // No sideways scrolling of the page itself.
  expect(await contact.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(LAPTOP.width)
  // Each card keeps a readable width (it once wrapped one letter per line).
  expect(await widthOf(company)).toBeGreaterThan(300)
  expect(await widthOf(card(contact, 'Contact info'))).toBeGreaterThan(300)
  // A label stays on one line.
  const label = company.getByText('Company owner', { exact: true })
  expect((await label.boundingBox())?.height ?? 0).toBeLessThan(30)
  // The status bar's actions are all on screen.
  const bar = contact.getByRole('toolbar', { name: 'Contact status' })
  for (const action of ['Convert', 'Dead', 'NQ', 'Give Up', 'No Answer']) {
    const box = await bar.getByRole('button', { name: action, exact: true }).boundingBox()
    expect(box && box.x >= 0 && box.x + box.width <= LAPTOP.width, action).toBe(true)
  }
  await testInfo.attach('contact page at 1024 px', {
    body: await contact.screenshot({ fullPage: true }),
    contentType: 'image/png',
  })
})
