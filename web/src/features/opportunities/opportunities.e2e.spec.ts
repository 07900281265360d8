import { expect, test } from '@playwright/test'
import { admin, logIn } from '../../testing/e2e-steps'
import { DESKTOP, PHONE, expectAccessible, expectFitsScreen } from '../../testing/page-checks'

const PASSWORD = 'demo12345'
const stamp = Date.now()
const rep = { email: `closer${stamp}@example.com`, name: 'Cole Closer', divisionId: 15, role: 'rep' }

/** A calendar day `days` from today in the browser's zone (the test's machine runs both). */
const dayFrom = (days: number) => {
  const d = new Date(Date.now() + days * 86_400_000)
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`
}

test('a rep creates an opportunity on a contact, moves it through two stages, and finds it on the dashboard', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000)
  const login = await (await request.post('/api/v1/auth/login-user', { data: admin })).json()
  const created = await request.post('/api/v1/users', {
    headers: { authorization: `Bearer ${login.token}` },
    data: { ...rep, password: PASSWORD },
  })
  expect(created.status(), await created.text()).toBe(201)
  const repLogin = await (
    await request.post('/api/v1/auth/login-user', { data: { email: rep.email, password: PASSWORD } })
  ).json()
  const contactName = `Pipeline Freight ${stamp}`
  const contact = await request.post('/api/v1/contacts', {
    headers: { authorization: `Bearer ${repLogin.token}` },
    data: { name: contactName, organizationTypeId: 7 },
  })
  expect(contact.status()).toBe(201)
  const contactId = (await contact.json()).id as string

  // On the contact page: a new opportunity from its card.
  await page.setViewportSize(DESKTOP)
  await page.goto(`/contacts/${contactId}`)
  await logIn(page, { email: rep.email, password: PASSWORD })
  const card = page.getByRole('region', { name: 'Opportunities' })
  await card.getByRole('button', { name: 'New opportunity' }).click()
  const form = page.getByRole('dialog', { name: `New opportunity · ${contactName}` })
  const name = `Ten reefers ${stamp}`
  await form.getByLabel(/^Opportunity name/).fill(name)
  await form.getByLabel(/^Opportunity type/).click()
  await page.getByRole('option', { name: 'Equipment loan' }).click()
  await form.getByLabel(/^Probability/).fill('40')
  await form.getByLabel(/^Amount/).fill('250000')
  await form.getByLabel(/^Expected close date/).fill(dayFrom(10))
  await form.getByRole('button', { name: 'Create opportunity' }).click()
  await expect(page.getByText('Opportunity created')).toBeVisible()
  await expect(card).toContainText(name)
  await expect(card).toContainText('Prospecting')

  // Two stage moves: Qualification, then Proposal.
  for (const stage of ['Qualification', 'Proposal']) {
    await card.getByRole('button', { name: new RegExp(name) }).click()
    const edit = page.getByRole('dialog', { name: 'Opportunity' })
    await edit.getByLabel(/^Stage/).click()
    await page.getByRole('option', { name: stage }).click()
    await edit.getByRole('button', { name: 'Save opportunity' }).click()
    await expect(edit).toBeHidden()
    await expect(card).toContainText(stage)
  }

  // The dashboard, reached from the navigation: the rep's own pipeline in their division.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Opportunities' }).click()
  await expect(page.getByRole('heading', { name: 'Opportunity dashboard' })).toBeVisible()
  await expect(page.getByRole('combobox', { name: 'Salesperson' })).toHaveCount(0)
  await expect(page.getByLabel('Salesperson')).toHaveText(rep.name)
  const range = `dateFrom=${dayFrom(-30)}&dateTo=${dayFrom(60)}`
  await page.goto(`/opportunity-dashboard?${range}`)
  const proposal = page.getByTestId('stage-row-4')
  await expect(proposal).toContainText('$250,000.00')
  await expect(proposal).toContainText('$100,000.00')
  await expect(page.getByTestId('stage-count-4')).toHaveText('1')
  await expect(page.getByRole('region', { name: 'Open pipeline' })).toContainText('$250,000.00')
  await expectAccessible(page, 'the opportunity dashboard')
  await expectFitsScreen(page, 'the opportunity dashboard')

  // The stage's number opens the opportunities behind it: as many as it counts.
  await page.getByTestId('stage-count-4').click()
  const drill = page.getByRole('dialog', { name: /^Proposal \(1\) ·/ })
  await expect(drill.getByTestId('drill-row').filter({ visible: true })).toHaveCount(1)
  await expect(drill.getByTestId('drill-row').filter({ visible: true })).toContainText(name)
  await expect(drill.getByTestId('drill-row').filter({ visible: true })).toContainText(contactName)
  await expect(drill.getByTestId('drill-total')).toHaveText('1–1 of 1')
  await expectAccessible(page, 'stage_prospects_modal')
  await expectFitsScreen(page, 'stage_prospects_modal')
  await drill.getByRole('button', { name: 'Close' }).first().click()

  // The open pipeline tile opens dashboard_opportunities_modal with the same opportunity.
  await page.getByTestId('tile-open').click()
  const open = page.getByRole('dialog', { name: /^Open pipeline \(1\) ·/ })
  await expect(open.getByTestId('drill-row').filter({ visible: true })).toHaveCount(1)
  await open.getByRole('button', { name: 'Close' }).first().click()

  // Export to Excel.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export to Excel' }).click(),
  ])
  expect(download.suggestedFilename()).toMatch(/^opportunities-.*\.xlsx$/)

  // A range that ends before it starts is named under the field, and nothing is asked.
  await page.goto(`/opportunity-dashboard?dateFrom=${dayFrom(5)}&dateTo=${dayFrom(1)}`)
  await expect(page.getByText('Invalid Date Range')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Export to Excel' })).toBeDisabled()

  // On a phone: the same numbers, accessible and within the screen.
  await page.setViewportSize(PHONE)
  await page.goto(`/opportunity-dashboard?${range}`)
  await expect(page.getByTestId('stage-count-4')).toHaveText('1')
  await expectAccessible(page, 'the opportunity dashboard on a phone')
  await expectFitsScreen(page, 'the opportunity dashboard on a phone')
  await page.getByTestId('stage-count-4').click()
  await expect(
    page
      .getByRole('dialog', { name: /^Proposal \(1\) ·/ })
      .getByTestId('drill-row')
      .filter({ visible: true }),
  ).toHaveCount(1)
  await expectFitsScreen(page, 'stage_prospects_modal on a phone')
})
