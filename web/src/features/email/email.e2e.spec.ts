import { expect, test } from '@playwright/test'
import { createAndOpenContact, logIn } from '../../testing/e2e-steps'
import { expectAccessible, expectWindowOnEverySize } from '../../testing/page-checks'

test('a template sent from a contact is unsubscribed from by its recipient, signed out, and the contact shows it', async ({
  page,
  context,
  browser,
}) => {
  test.setTimeout(180_000)
  const stamp = Date.now()
  const templateName = `Rates ${stamp}`
  await page.goto('/emails/templates')
  await logIn(page)
  await page.getByRole('button', { name: 'New template' }).click()
  const form = page.getByRole('dialog', { name: 'New email template' })
  await form.getByLabel(/^Name/).fill(templateName)
  await form.getByLabel(/^Subject/).fill('Rates for {{contact.name}}')
  // The body's rich-text editor: typed into, a merge field put at the cursor, a word made bold.
  const body = form.getByLabel(/^Body/)
  await body.click()
  await page.keyboard.type('Hello ')
  await form.getByRole('button', { name: '+ Company owner' }).click()
  await expect(body).toBeFocused()
  await page.keyboard.type(', here are our ')
  const bold = form.getByRole('button', { name: 'Bold', exact: true })
  await bold.click()
  await expect(bold).toHaveAttribute('aria-pressed', 'true')
  await expect(body).toBeFocused()
  await page.keyboard.type('rates')
  await bold.click()
  await expect(bold).toHaveAttribute('aria-pressed', 'false')
  await expect(body).toBeFocused()
  await page.keyboard.type('.')
  await expect(body).toHaveText('Hello {{contact.ownerName}}, here are our rates.')
  await expect(body.locator('strong')).toHaveText('rates')
  await expectAccessible(page, 'the new template form with its body written')
  await form.getByRole('button', { name: 'Create template' }).click()
  await expect(page.getByText('Template successfully created/updated')).toBeVisible()
  await expect(page.getByRole('cell', { name: templateName, exact: true })).toBeVisible()

  await page.goto('/contacts')
  const name = `Mail Haulers ${stamp}`
  const contact = await createAndOpenContact(page, context, name)
  const address = `dispatch.${stamp}@mail-haulers.example`
  await contact.getByRole('button', { name: 'Edit' }).click()
  const edit = contact.getByRole('dialog', { name: 'Edit contact' })
  await edit.getByLabel(/^Email/).fill(address)
  await edit.getByRole('button', { name: 'Save' }).click()
  await expect(contact.getByText('Data is saved')).toBeVisible()

  const emails = contact.getByRole('region', { name: 'Emails' })
  await emails.getByRole('button', { name: 'Send Email' }).click()
  const send = contact.getByRole('dialog', { name: `Send Email to ${name}` })
  await send.getByLabel(/^Template/).click()
  await contact.getByRole('option', { name: templateName }).click()
  await expect(send.getByLabel(/^Subject/)).toHaveValue('Rates for {{contact.name}}')
  await expectWindowOnEverySize(contact, 'the Send Email window')
  await send.getByRole('button', { name: 'Send', exact: true }).click()
  await expect(send.getByText('Alert! You are sending direct email to Contact.')).toBeVisible()
  await send.getByRole('button', { name: 'Yes, send' }).click()
  await expect(contact.getByText('Email successfully sent')).toBeVisible()
  await expect(emails.getByText(`Rates for ${name}`)).toBeVisible()
  await expect(emails.getByText('Sent', { exact: true })).toBeVisible({ timeout: 30_000 })

  // The message as it left (no SMTP server here: the local outbox), and its unsubscribe link.
  await page.goto('/admin/mail-outbox')
  const mail = page.locator('details', { hasText: `Rates for ${name}` })
  await expect(mail).toBeVisible()
  await mail.locator('summary').click()
  const text = await mail.locator('pre').innerText()
  expect(text).toContain('Hello')
  const link = /Unsubscribe \((https?:\/\/[^)]+)\)/.exec(text)![1]!

  const stranger = await browser.newContext()
  const recipient = await stranger.newPage()
  await recipient.goto(new URL(link).pathname)
  await expect(recipient.getByRole('heading', { name: 'Verified Unsubscribe' })).toBeVisible()
  await expect(recipient.getByLabel('Email')).toHaveValue(address)
  await recipient.getByRole('button', { name: 'Unsubscribe' }).click()
  await expect(recipient.getByText('You are now unsubscribed!')).toBeVisible()
  await expect(recipient.getByRole('button', { name: 'Unsubscribe' })).toBeDisabled()
  await expect(recipient.getByRole('button', { name: 'Go back to email' })).toBeVisible()
  await stranger.close()

  await contact.reload()
  // Twice: the address's standing beside the card's title, and the answer on the message.
  await expect(contact.getByRole('region', { name: 'Emails' }).getByText('Unsubscribed')).toHaveCount(2)
  await page.goto('/emails/history')
  const row = page.getByRole('row', { name: new RegExp(`Rates for ${name}`) })
  await expect(row.getByText('Unsubscribed')).toBeVisible()
})
