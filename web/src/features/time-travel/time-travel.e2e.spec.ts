import { expect, test } from '@playwright/test'
import { changeStatusOfSelected, createAndOpenContact, logIn } from '../../testing/e2e-steps'

test('a contact as of an earlier moment shows its older status, marked as the past, and the diff against now', async ({
  page,
  context,
}) => {
  await page.goto('/contacts')
  await logIn(page)
  const name = `Past Haulers ${Date.now()}`
  const contact = await createAndOpenContact(page, context, name)

  // Later, the Lead becomes a Prospect (from the list, as the sales floor does it).
  await page
    .getByRole('row', { name: new RegExp(name) })
    .getByRole('checkbox')
    .check()
  await changeStatusOfSelected(page, 'Prospect')

  await contact.reload()
  const history = contact.locator('section').filter({ has: contact.getByRole('heading', { name: 'History' }) })
  const links = history.getByRole('link', { name: 'View as of this change' })
  await expect(links).toHaveCount(2)
  // The oldest line (newest first): the contact as it was created.
  await links.last().click()
  await expect(contact).toHaveURL(/asOf=/)

  const past = contact.getByRole('region', { name: 'Past view' })
  await expect(past.getByText(/Past view: as of/)).toBeVisible()
  await expect(past.getByRole('region', { name: 'Standing then' }).getByText('Lead', { exact: true })).toBeVisible()
  const diff = past.getByRole('region', { name: 'Changes since then' })
  await expect(diff.getByText(/^Status in /)).toBeVisible()
  await expect(diff.getByRole('deletion')).toContainText(['Lead'])
  await expect(diff.getByRole('insertion')).toContainText(['Prospect'])

  await contact.getByRole('button', { name: 'Back to now' }).click()
  await expect(past).toHaveCount(0)
})
