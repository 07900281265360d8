import { expect, test } from '@playwright/test'
import { createAndOpenContact, logIn } from '../../testing/e2e-steps'

test('editing a contact’s name from its page saves it and shows the new name', async ({ page, context }) => {
  await page.goto('/contacts')
  await logIn(page)
  const name = `Edit Haulers ${Date.now()}`
  const contact = await createAndOpenContact(page, context, name)

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
