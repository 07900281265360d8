import { expect, test } from '@playwright/test'
import { logIn } from '../../testing/e2e-login'

test('editing a contact’s name from its page saves it and shows the new name', async ({ page, context }) => {
  await page.goto('/contacts')
  await logIn(page)
  await page.getByRole('button', { name: 'New contact' }).click()
  const name = `Edit Haulers ${Date.now()}`
  const form = page.getByRole('dialog', { name: 'New contact' })
  await form.getByLabel(/^Name/).fill(name)
  await form.getByLabel(/^Organization type/).click()
  await page.getByRole('option', { name: 'Motor Carrier' }).click()
  await form.getByRole('button', { name: 'Create contact' }).click()
  await expect(page.getByText('Contact created!')).toBeVisible()

  await page.getByPlaceholder('Search by name').fill(name)
  const [contact] = await Promise.all([context.waitForEvent('page'), page.getByRole('link', { name }).click()])
  await expect(contact.getByRole('heading', { name })).toBeVisible()

  await contact.getByRole('button', { name: 'Edit' }).click()
  const edit = contact.getByRole('dialog', { name: 'Edit contact' })
  await expect(edit.getByLabel(/^Name/)).toHaveValue(name)
  // A cleared required field is refused under the field, without a request.
  await edit.getByLabel(/^Name/).fill('')
  await edit.getByRole('button', { name: 'Save' }).click()
  await expect(edit.getByRole('alert')).toBeVisible()

  const renamed = `${name} Renamed`
  await edit.getByLabel(/^Name/).fill(renamed)
  await edit.getByRole('button', { name: 'Save' }).click()
  await expect(contact.getByText('Data is saved')).toBeVisible()
  await expect(edit).toHaveCount(0)
  await expect(contact.getByRole('heading', { name: renamed })).toBeVisible()
})
