import { expect, test } from '@playwright/test'
import { choose, logIn } from '../../testing/e2e-steps'

test('a rep logs in, creates a contact, finds it in the list and opens its page with its history', async ({
  page,
  context,
}) => {
  // A protected page sends us to the login and back.
  await page.goto('/contacts')
  await expect(page).toHaveURL(/\/login\?fromPathname=/)
  await logIn(page)
  await expect(page).toHaveURL(/\/contacts/)

  await page.getByRole('button', { name: 'New contact' }).click()
  // The server's validation messages show under the fields, verbatim from docs/product.md.
  await page.getByRole('button', { name: 'Create contact' }).click()
  await expect(page.getByText('Please add name')).toBeVisible()
  await expect(page.getByText('Please Select Organization Type')).toBeVisible()

  const name = `Prairie Wind Freight ${Date.now()}`
  const form = page.getByRole('dialog', { name: 'New contact' })
  await form.getByLabel(/^Name/).fill(name)
  await form.getByLabel(/^Organization type/).click()
  await page.getByRole('option', { name: 'Motor Carrier' }).click()
  await form.getByLabel('US DOT').fill('3456789')
  await choose(page, form, 'State', 'Texas')
  await form.getByRole('button', { name: 'Create contact' }).click()
  await expect(page.getByText('Contact created!')).toBeVisible()

  // Read-your-writes: the new row is in the list straight away, and the filter finds it.
  await page.getByPlaceholder('Search by name').fill('Prairie Wind')
  await expect(page).toHaveURL(/Prairie/)
  const link = page.getByRole('link', { name })
  await expect(link).toBeVisible()

  // The name opens the contact in a new tab, which shows its details and who created it.
  const [contactPage] = await Promise.all([context.waitForEvent('page'), link.click()])
  await expect(contactPage).toHaveURL(/\/contacts\/[0-9a-f-]{36}$/)
  await expect(contactPage.getByRole('heading', { name })).toBeVisible()
  await expect(contactPage.getByText('3456789').first()).toBeVisible()
  await expect(contactPage.getByText(/Created contact/)).toBeVisible()
  await expect(contactPage.getByText('Administrator').first()).toBeVisible()
})
