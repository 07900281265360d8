import { expect, test } from '@playwright/test'
import { admin, logIn } from '../../testing/e2e-steps'
import { expectAccessible } from '../../testing/page-checks'

/** The story, as a credit analyst of the website division (4) lives it. */
test('a carrier applies on the public form; the credit analyst merges it with the contact, completes it, approves it and opens its PDF', async ({
  page,
  request,
}) => {
  const stamp = Date.now()
  const business = `Apply Freight ${stamp}`
  const dot = String(stamp).slice(-7)
  const analyst = { email: `credit.${stamp}@example.com`, password: 'credit12345' }

  // The administrator sets up a credit analyst, and the matching contact, already in the CRM under another name.
  const login = await request.post('/api/v1/auth/login-user', { data: admin })
  const { token } = (await login.json()) as { token: string }
  const headers = { authorization: `Bearer ${token}` }
  const user = await request.post('/api/v1/users', {
    headers,
    data: { ...analyst, name: 'Cleo Credit', divisionId: 4, role: 'credit-analyst' },
  })
  expect(user.status(), await user.text()).toBe(201)
  const contact = await request.post('/api/v1/contacts', {
    headers,
    data: { name: `Known Carrier ${stamp}`, dotNumber: dot, organizationTypeId: 7, divisionId: 4, assigned: null },
  })
  expect(contact.status()).toBe(201)

  // The public form: no sign-in. A person takes a moment to fill it (the minimum fill time keeps bots out).
  await page.goto('/apply-for-credit')
  await page.getByLabel(/^Business name/).fill(business)
  await page.getByLabel('US DOT number').fill(dot)
  await page.getByLabel(/^First name/).fill('Ana')
  await page.getByLabel(/^Last name/).fill('Diaz')
  await page.getByLabel('Phone', { exact: true }).fill('555-010-7788')
  await page.getByLabel('Social security number').fill('987-65-4321')
  await page.getByLabel('Amount to finance (USD)').fill('85000')
  await page.waitForTimeout(5500)
  await page.getByRole('button', { name: 'Send application' }).click()
  await expect(page.getByText('Thank you! Your application has been received.')).toBeVisible()

  // The analyst finds it in the website list.
  await page.goto('/website-credit-applications')
  await logIn(page, analyst)
  await page.getByPlaceholder('Applicant, business, DOT or MC').fill(business)
  const row = page.getByRole('row', { name: new RegExp(business) })
  await expect(row).toContainText('***-**-4321')
  await row.getByRole('link', { name: 'Ana Diaz' }).click()
  await expect(page.getByRole('heading', { name: new RegExp(business) })).toBeVisible()

  // Possible contacts: the DOT matches; merge. The contact now shows Credit App with today's date.
  await page.getByRole('button', { name: 'Possible contacts' }).click()
  const modal = page.getByRole('dialog', { name: 'Possible contacts' })
  await expect(modal.getByText('Matched on DOT')).toBeVisible()
  await modal.getByRole('button', { name: 'Merge' }).click()
  const today = new Date().toISOString().slice(0, 10)
  const shown = `${today.slice(5, 7)}/${today.slice(8, 10)}/${today.slice(0, 4)}`
  await expect(page.getByText(`Credit App ${shown}`)).toBeVisible()
  await page.getByRole('link', { name: `Known Carrier ${stamp}` }).click()
  await expect(page.getByRole('heading', { name: `Known Carrier ${stamp}` })).toBeVisible()
  await expect(page.getByText(`Credit App ${shown}`)).toBeVisible()
  await page.goBack()

  // A loan the applicant listed: the lender is needed, said under its field.
  await page.getByRole('button', { name: 'Add loan' }).click()
  const loan = page.getByRole('form', { name: 'New loan' })
  await loan.getByLabel('Amount').fill('20000')
  await loan.getByRole('button', { name: 'Save loan' }).click()
  await expect(loan.getByText('Please enter lender')).toBeVisible()
  await expectAccessible(page, 'a credit application page with a loan being added')
  await loan.getByLabel('Lender').fill('First Bank')
  await loan.getByRole('button', { name: 'Save loan' }).click()
  await expect(page.getByRole('cell', { name: 'First Bank' })).toBeVisible()

  // Complete names what is missing; fill it in.
  await page.getByRole('button', { name: 'Complete' }).click()
  await expect(page.getByText(/Failed to complete application!.*date of birth/)).toBeVisible()
  await page.getByRole('button', { name: 'Edit', exact: true }).click()
  await page.locator('#ca-applicant-applicantDateOfBirth').fill('1980-05-12')
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(page.getByText('Application updated').first()).toBeVisible()
  await page.getByRole('button', { name: 'Complete' }).click()
  await expect(page.getByText('Complete', { exact: true }).first()).toBeVisible()

  // New → In review → Approved not funded; the analyst who moved it is its analyst.
  for (const status of ['In review', 'Approved not funded']) {
    await page.getByLabel('Move to').click()
    await page.getByRole('option', { name: status }).click()
    await page.getByRole('button', { name: 'Move', exact: true }).click()
    await expect(page.getByRole('heading').getByText(status)).toBeVisible()
  }
  await expect(page.getByLabel('Analyst')).toHaveText('Cleo Credit')

  // The preview PDF in the file viewer: zoom from 1.2 to 1.4, then download.
  await page.getByRole('link', { name: 'Preview' }).click()
  await expect(page.getByLabel('Page 1')).toBeVisible({ timeout: 20_000 })
  await expect(page.getByLabel('Zoom', { exact: true })).toHaveText('1.2')
  await page.getByRole('button', { name: 'Zoom in' }).click()
  await page.getByRole('button', { name: 'Zoom in' }).click()
  await expect(page.getByLabel('Zoom', { exact: true })).toHaveText('1.4')
  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Download' }).click()
  expect((await download).suggestedFilename()).toMatch(/^credit-application-.*\.pdf$/)
})
