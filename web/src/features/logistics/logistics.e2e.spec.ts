import { expect, test } from '@playwright/test'
import { logIn } from '../../testing/e2e-steps'
import { DESKTOP, PHONE, expectAccessible, expectFitsScreen, expectWindowOnEverySize } from '../../testing/page-checks'

test('a logistics customer: created as a Prospect, RFP switched on, two loads booked and their totals', async ({
  page,
}) => {
  // Generous for a loaded CI machine; the story itself takes well under a minute.
  test.setTimeout(240_000)
  await page.setViewportSize(DESKTOP)
  await page.goto('/customer-logistics/all-customers')
  await logIn(page)
  await expect(page.getByRole('heading', { name: /All Customers/ })).toBeVisible({ timeout: 30_000 })

  const name = `Gulf Coast Shippers ${Date.now()}`
  await page.getByRole('button', { name: 'New customer' }).click()
  const form = page.getByRole('dialog', { name: 'New customer' })
  await form.getByLabel(/^Status/).click()
  await page.getByRole('option', { name: 'Prospect' }).click()
  await form.getByLabel(/^Name/).fill(name)
  await form.getByLabel(/^Organization type/).click()
  await page.getByRole('option', { name: 'Private Fleet' }).click()
  await form.getByRole('button', { name: 'Create customer' }).click()
  await expect(page.getByText('Customer successfully created.')).toBeVisible()

  // The new customer's page: RFP is offered at Prospect; switching it on dates it today.
  await expect(page).toHaveURL(/\/customer-logistics\/all-customers\/[0-9a-f-]{36}/)
  await expect(page.getByRole('heading', { name })).toBeVisible({ timeout: 30_000 })
  const rfp = page.getByRole('switch', { name: 'RFP' })
  await expect(rfp).toHaveAttribute('aria-checked', 'false')
  await rfp.click()
  await expect(page.getByText('Customer successfully updated.')).toBeVisible()
  await expect(rfp).toHaveAttribute('aria-checked', 'true')
  await expect(page.getByText(/^Since \d\d\/\d\d\/\d{4}$/)).toBeVisible()
  // The history says it as a person would, with the date.
  await expect(page.getByText(/^RFP switched on, dated \d\d\/\d\d\/\d{4}$/)).toBeVisible()
  const customerUrl = page.url()

  // It is on the RFP list.
  await page.goto('/customer-logistics/rfp')
  await expect(page.getByRole('heading', { name: /RFP customers/ })).toBeVisible({ timeout: 30_000 })
  await expect(page.getByRole('link', { name })).toBeVisible()

  // Two loads; a load without its required fields names each under its field.
  await page.goto(customerUrl)
  await expect(page.getByRole('heading', { name })).toBeVisible({ timeout: 30_000 })
  await page.getByRole('button', { name: 'New load' }).click()
  const loadForm = page.getByRole('dialog', { name: 'New load' })
  await loadForm.getByRole('button', { name: 'Create load' }).click()
  await expect(loadForm.getByText('Please enter origin city')).toBeVisible()
  await expect(loadForm.getByText('Please enter load pay')).toBeVisible()
  await expectWindowOnEverySize(page, 'the create_load window')
  await loadForm.getByRole('button', { name: 'Cancel' }).click()
  await expect(loadForm).toHaveCount(0)

  const book = async (load: { from: string; to: string; date: string; pay: string }) => {
    await page.getByRole('button', { name: 'New load' }).click()
    const dialog = page.getByRole('dialog', { name: 'New load' })
    await dialog.getByLabel(/^Origin city/).fill(load.from)
    await dialog.getByLabel(/^Origin state/).click()
    await page.getByRole('option', { name: 'Texas' }).click()
    await dialog.getByLabel(/^Destination city/).fill(load.to)
    await dialog.getByLabel(/^Destination state/).click()
    await page.getByRole('option', { name: 'Illinois' }).click()
    await dialog.getByLabel(/^Pick-up date/).fill(load.date)
    await dialog.getByLabel(/^Load pay/).fill(load.pay)
    await dialog.getByRole('button', { name: 'Create load' }).click()
    await expect(page.getByText('Load successfully created.')).toBeVisible()
    await expect(dialog).toHaveCount(0)
  }
  await book({ from: 'Houston', to: 'Chicago', date: '2026-10-05', pay: '1200.50' })
  await book({ from: 'Dallas', to: 'Peoria', date: '2026-11-02', pay: '800' })

  await expect(page.getByRole('cell', { name: '$1,200.50' })).toBeVisible()
  await expect(page.getByRole('cell', { name: '$800.00' })).toBeVisible()
  await expect(page.getByTestId('load-pay-total')).toHaveText('$2,000.50')
  const months = page.getByRole('list', { name: 'Load pay per month' })
  await expect(months.getByRole('listitem')).toHaveText([/November 2026.*\$800\.00/, /October 2026.*\$1,200\.50/])
  await expectAccessible(page, 'the logistics customer page')
  await expectFitsScreen(page, 'the logistics customer page')
  await page.screenshot({ path: test.info().outputPath('customer-1440.png'), fullPage: true })

  await page.setViewportSize({ width: 1024, height: 800 })
  await page.screenshot({ path: test.info().outputPath('customer-1024.png'), fullPage: true })
  await page.setViewportSize(PHONE)
  await expectFitsScreen(page, 'the logistics customer page on a phone')
  await page.screenshot({ path: test.info().outputPath('customer-390.png'), fullPage: true })
  await page.goto('/customer-logistics/all-customers')
  await expect(page.getByRole('link', { name }).first()).toBeVisible({ timeout: 30_000 })
  await expectFitsScreen(page, 'the logistics list on a phone')
  await page.screenshot({ path: test.info().outputPath('list-390.png'), fullPage: true })
  await page.setViewportSize(DESKTOP)
  await page.screenshot({ path: test.info().outputPath('list-1440.png'), fullPage: true })
})
