import { expect, test, type Browser, type Page } from '@playwright/test'
import { admin, logIn } from '../../testing/e2e-steps'
import { expectWindowOnEverySize } from '../../testing/page-checks'

const PASSWORD = 'demo12345'
const stamp = Date.now()
const people = {
  sender: { email: `sender${stamp}@example.com`, name: 'Sam Sender', divisionId: 15, role: 'rep' },
  receiver: { email: `receiver${stamp}@example.com`, name: 'Rita Receiver', divisionId: 2, role: 'rep' },
  manager: { email: `finance${stamp}@example.com`, name: 'Fay Finance', divisionId: 2, role: 'manager' },
} as const
type Person = keyof typeof people

/** A page of its own for each person (their own session), logged in on `path`. */
async function as(browser: Browser, who: Person, path: string): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage()
  await page.goto(path)
  await logIn(page, { email: people[who].email, password: PASSWORD })
  return page
}

test('a rep refers a contact to Commercial Finance; the receiver completes its task; a manager pays it', async ({
  browser,
  request,
}) => {
  // Four sessions (admin, three people) on one shared machine: the default minute is too tight.
  test.setTimeout(240_000)
  const login = await (await request.post('/api/v1/auth/login-user', { data: admin })).json()
  const headers = { authorization: `Bearer ${login.token}` }
  for (const p of Object.values(people)) {
    const created = await request.post('/api/v1/users', { headers, data: { ...p, password: PASSWORD } })
    expect(created.status(), await created.text()).toBe(201)
  }
  const contactName = `Referral Freight ${stamp}`
  const subject = `Finance 5 trucks ${stamp}`

  // Rep A, in Sales (division 15), owns the contact and sends the referral from its page.
  const senderLogin = await (
    await request.post('/api/v1/auth/login-user', { data: { email: people.sender.email, password: PASSWORD } })
  ).json()
  const created = await request.post('/api/v1/contacts', {
    headers: { authorization: `Bearer ${senderLogin.token}` },
    data: { name: contactName, organizationTypeId: 7 },
  })
  expect(created.status()).toBe(201)
  const contactId = (await created.json()).id as string
  const sender = await as(browser, 'sender', `/contacts/${contactId}`)
  const card = sender.getByRole('region', { name: 'Referrals' })
  await card.getByRole('button', { name: 'Refer' }).click()
  const form = sender.getByRole('dialog', { name: 'Referral' })
  await form.getByLabel(/^Division/).click()
  await sender.getByRole('option', { name: 'Commercial Finance' }).click()
  await form.getByLabel(/^Subject/).fill(subject)
  await form.getByLabel(/^Effort Level/).click()
  await sender.getByRole('option', { name: 'A', exact: true }).click()
  await form.getByLabel(/^Grade/).click()
  await sender.getByRole('option', { name: 'Hot' }).click()
  // The grade sets the due date (17:00 plus the division's hot days, minus one).
  await expect(form.getByLabel('Due Date/Time')).toHaveValue(/T17:00$/)
  await form.getByLabel(/^Attention To/).click()
  await sender.getByRole('option', { name: 'Rita Receiver' }).click()
  await form.getByRole('button', { name: 'Send referral' }).click()
  await expect(sender.getByText('Referral successfully sent!')).toBeVisible()
  await expect(card).toContainText('Rita Receiver')

  // Referred already: the form is read-only with the red notice.
  await card.getByRole('button', { name: 'Refer' }).click()
  await form.getByLabel(/^Division/).click()
  await sender.getByRole('option', { name: 'Commercial Finance' }).click()
  await expect(form.getByRole('alert')).toHaveText('This contact is already referred to that division')
  await expect(form.getByLabel(/^Subject/)).toHaveValue(subject)
  await expect(form.getByRole('button', { name: 'Send referral' })).toHaveCount(0)
  await form.getByRole('button', { name: 'Cancel' }).click()

  // The receiving rep sees the task on the contact and completes it: the referral's status is 2.
  const receiver = await as(browser, 'receiver', `/contacts/${contactId}`)
  const title = `Referral: ${subject}`
  await receiver.getByRole('button', { name: `Complete ${title}` }).click()
  const complete = receiver.getByRole('dialog', { name: 'Complete task' })
  await complete.getByRole('radio', { name: /^Tomorrow/ }).check()
  await complete.getByLabel(/^Notes/).fill('Owner wants a lease quote.')
  await complete.getByRole('button', { name: 'Complete', exact: true }).click()
  await expect(complete).toBeHidden()
  await receiver.goto('/referrals?type=received')
  const received = receiver.getByRole('row', { name: new RegExp(contactName) })
  await expect(received).toContainText('Completed')

  // A manager of the receiving division marks it as read: refused until the payment is complete.
  const manager = await as(browser, 'manager', '/referrals?type=received')
  const row = manager.getByRole('row', { name: new RegExp(contactName) })
  await row.getByRole('button', { name: 'Mark as read' }).click()
  const payment = manager.getByRole('dialog', { name: 'Referral payment' })
  await payment.getByRole('button', { name: 'Mark as read' }).click()
  await expect(
    manager.getByText('You must enter data for Payment Date and Payment Amount to be able to mark as read'),
  ).toBeVisible()
  await expectWindowOnEverySize(manager, 'the Referral payment window with its message')
  await payment.getByLabel(/^Payment Date/).fill('2026-11-20')
  await payment.getByLabel(/^Payment Amount/).fill('150')
  await payment.getByRole('button', { name: 'Mark as read' }).click()
  await expect(payment).toBeHidden()
  await expect(row).toContainText('Paid $150.00')

  // Rep A sees it Paid among the referrals they sent.
  await sender.goto('/referrals?type=sent')
  await expect(sender.getByRole('row', { name: new RegExp(contactName) })).toContainText('Paid $150.00')
})
