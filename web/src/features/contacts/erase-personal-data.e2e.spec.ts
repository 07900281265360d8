import { expect, test } from '@playwright/test'
import { createAndOpenContact, logIn } from '../../testing/e2e-steps'
import { DESKTOP, expectWindowOnEverySize } from '../../testing/page-checks'

test('an administrator erases a contact’s personal data: the name typed to confirm, then “erased” on its page', async ({
  page,
  context,
}) => {
  await page.setViewportSize(DESKTOP)
  await page.goto('/contacts')
  await logIn(page)
  const name = `Forget ${Date.now().toString(36)} Haulers`
  const contact = await createAndOpenContact(page, context, name)

  await contact.getByRole('button', { name: 'Erase personal data' }).click()
  const dialog = contact.getByRole('dialog', { name: 'Erase Personal Data' })
  const erase = dialog.getByRole('button', { name: 'Erase personal data' })
  await expect(erase).toBeDisabled()
  await expectWindowOnEverySize(contact, 'the erase window')

  await dialog.getByLabel('Request reference (optional)').fill('CCPA request 7')
  await dialog.getByLabel(`Type “${name}” to confirm`).fill('Someone Else')
  await expect(erase).toBeDisabled()
  await dialog.getByLabel(`Type “${name}” to confirm`).fill(name)
  await erase.click()
  await expect(contact.getByText('Personal data erased')).toBeVisible()
  await expect(contact.getByRole('heading', { name: 'erased', exact: true })).toBeVisible()
  await expect(contact.getByText(name)).toHaveCount(0)
})
