import { expect, test, type Page } from '@playwright/test'
import { createAndOpenContact, logIn } from '../../testing/e2e-steps'

async function choose(page: Page, dialog: ReturnType<Page['getByRole']>, label: string, option: string) {
  await dialog.getByLabel(label).click()
  await page.getByRole('option', { name: option, exact: true }).click()
}

test('a Lead cannot convert without an activity; after a call it becomes a Prospect, then an Account, with both changes in its history', async ({
  page,
  context,
}) => {
  await page.goto('/contacts')
  await logIn(page)
  const name = `Lifecycle Haulers ${Date.now()}`
  const contact = await createAndOpenContact(page, context, name)
  const bar = contact.getByRole('toolbar', { name: 'Contact status' })

  // Refused: a Lead needs an activity before converting.
  await bar.getByRole('button', { name: 'Convert' }).click()
  await contact.getByRole('menuitem', { name: 'To Prospect' }).click()
  await expect(contact.getByText("You don't have activity for this contact")).toBeVisible()
  await expect(contact.getByRole('dialog', { name: 'Convert contact' })).toHaveCount(0)

  // Log a call.
  const activities = contact.getByRole('region', { name: 'Activities' })
  await activities.getByRole('button', { name: 'Log activity' }).click()
  await activities.getByLabel(/^Subject/).fill('Intro call with the owner')
  await activities.getByRole('button', { name: 'Save activity' }).click()
  await expect(activities.getByText('Intro call with the owner')).toBeVisible()

  // Lead → Prospect.
  await bar.getByRole('button', { name: 'Convert' }).click()
  await contact.getByRole('menuitem', { name: 'To Prospect' }).click()
  const toProspect = contact.getByRole('dialog', { name: 'Convert contact' })
  // Sent with nothing chosen: all three fields say what they need, from one submit.
  await toProspect.getByRole('button', { name: 'Convert', exact: true }).click()
  await expect(toProspect.getByText('Please select effort level')).toBeVisible()
  await expect(toProspect.getByText('Please select grade')).toBeVisible()
  await expect(toProspect.getByText('Please select prospect source')).toBeVisible()
  await choose(contact, toProspect, 'Effort level', 'A')
  await choose(contact, toProspect, 'Grade', 'Hot')
  await choose(contact, toProspect, 'Prospect source', 'Cold call')
  await toProspect.getByRole('button', { name: 'Convert', exact: true }).click()
  await expect(contact.getByText('Conversion successful')).toBeVisible()
  await expect(toProspect).toHaveCount(0)

  // Prospect → Account.
  await bar.getByRole('button', { name: 'Convert' }).click()
  await contact.getByRole('menuitem', { name: 'To Account', exact: true }).click()
  const toAccount = contact.getByRole('dialog', { name: 'Convert contact' })
  await choose(contact, toAccount, 'Account source', 'Sales rep')
  await choose(contact, toAccount, 'Preferred language', 'English')
  await toAccount.getByRole('button', { name: 'Convert', exact: true }).click()
  await expect(contact.getByRole('dialog', { name: 'Convert contact' })).toHaveCount(0)

  // The status history shows both changes and who made them.
  const history = contact.getByRole('region', { name: 'Status history' })
  const entries = history.getByRole('listitem')
  await expect(entries).toHaveCount(2)
  await expect(entries.nth(0)).toContainText('Prospect')
  await expect(entries.nth(0)).toContainText('Account')
  await expect(entries.nth(0)).toContainText('Administrator')
  await expect(entries.nth(1)).toContainText('Lead')
  await expect(entries.nth(1)).toContainText('Prospect')
  await expect(entries.nth(1)).toContainText('Administrator')
  await expect(bar.getByRole('button', { name: 'Convert' })).toBeDisabled()
})
