import { expect, test } from '@playwright/test'
import { changeStatusOfSelected, choose, logIn } from '../../testing/e2e-steps'

test('on /contacts a user creates a contact, filters by status, narrows with Advanced Search and changes its status in bulk', async ({
  page,
  context,
}) => {
  await page.goto('/contacts')
  await logIn(page)
  const table = page.getByRole('table', { name: 'All Contacts' })
  const stamp = Date.now().toString(36)
  const name = `Scr ${stamp} Freight`

  await page.getByRole('button', { name: 'New contact' }).click()
  const form = page.getByRole('dialog', { name: 'New contact' })
  await form.getByLabel(/^Name/).fill(name)
  await form.getByLabel(/^Organization type/).click()
  await page.getByRole('option', { name: 'Motor Carrier' }).click()
  await choose(page, form, 'State', 'Texas')
  await form.getByRole('button', { name: 'Create contact' }).click()
  await expect(page.getByText('Contact created!')).toBeVisible()

  await page.getByPlaceholder('Search by name').fill(stamp)
  await expect(page).toHaveURL(new RegExp(stamp))
  const row = table.getByRole('row', { name: new RegExp(name) })
  await expect(row).toBeVisible()

  // The status filter of the current division: a new contact is a Lead, not a Prospect.
  const status = page.getByRole('combobox', { name: 'Status' })
  await status.click()
  await page.getByRole('option', { name: 'Prospect', exact: true }).click()
  await expect(page).toHaveURL(/statusId/)
  await expect(row).toHaveCount(0)
  await status.click()
  await page.getByRole('option', { name: 'Lead', exact: true }).click()
  await expect(row).toBeVisible()

  // Advanced Search on the same screen keeps the filters it was opened with and adds its own.
  await page.getByRole('button', { name: /Advance Search/ }).click()
  const search = page.getByRole('dialog', { name: 'Advanced Search' })
  await search.getByLabel('State').fill('OK')
  await search.getByRole('button', { name: 'Search' }).click()
  await expect(row).toHaveCount(0)
  await page.getByRole('button', { name: /Advance Search/ }).click()
  await search.getByLabel('State').fill('TX')
  await search.getByRole('button', { name: 'Search' }).click()
  await expect(page).toHaveURL(/TX/)
  await expect(row).toBeVisible()

  // The contact opens in its own tab, whose breadcrumb leads back to the list with its search and filters.
  const [contactTab] = await Promise.all([context.waitForEvent('page'), row.getByRole('link', { name }).click()])
  await expect(contactTab.getByRole('heading', { name })).toBeVisible()
  await contactTab.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'All Contacts' }).click()
  await expect(contactTab).toHaveURL(/TX/)
  await expect(
    contactTab.getByRole('table', { name: 'All Contacts' }).getByRole('row', { name: new RegExp(name) }),
  ).toBeVisible()
  await contactTab.close()

  // A bulk action: the selected Lead becomes a Prospect and leaves the Lead-filtered list.
  await row.getByRole('checkbox').check()
  await changeStatusOfSelected(page, 'Prospect')
  await expect(row).toHaveCount(0)

  // The Columns menu hides a column, and the screen remembers it.
  await expect(table.getByRole('columnheader', { name: /State/ })).toBeVisible()
  await page.getByRole('button', { name: 'Columns' }).click()
  await page.getByRole('menuitemcheckbox', { name: 'State' }).click()
  await page.keyboard.press('Escape')
  await expect(table.getByRole('columnheader', { name: /State/ })).toHaveCount(0)
  await page.reload()
  await expect(table.getByRole('columnheader', { name: /Name/ })).toBeVisible()
  await expect(table.getByRole('columnheader', { name: /State/ })).toHaveCount(0)
})
