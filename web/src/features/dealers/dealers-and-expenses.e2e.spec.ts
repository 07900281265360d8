import { expect, test } from '@playwright/test'
import { logIn } from '../../testing/e2e-steps'
import { expectWindowOnEverySize } from '../../testing/page-checks'

// The smallest PNG: a receipt photo as far as the server's byte check goes.
const receiptPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
)

test('a dealer is added through the duplicate check; an expense with a receipt shows in the month total', async ({
  page,
}) => {
  // Two stories in one: three times the default time.
  test.slow()
  await page.goto('/ts-dealers')
  await logIn(page)
  await expect(page).toHaveURL(/\/ts-dealers/)

  const name = `Lone Star Trucks ${Date.now()}`
  const check = page.getByRole('dialog', { name: 'Add dealer: duplicate check' })
  await page.getByRole('button', { name: 'Add dealer' }).click()
  await check.getByRole('button', { name: 'Check' }).click()
  await expect(check.getByText('Name cannot be empty.')).toBeVisible()
  await expect(check.getByText('Phone Number cannot be empty.')).toBeVisible()
  await check.getByLabel(/^Name/).fill(name)
  await check.getByLabel(/^Phone Number/).fill('2145550100')
  await check.getByLabel('Zip Code').fill('75201')
  await check.getByRole('button', { name: 'Check' }).click()

  // No such dealer yet: the add form opens with what was checked.
  const add = page.getByRole('dialog', { name: 'Add dealer', exact: true })
  await expect(add.getByLabel(/^Name/)).toHaveValue(name)
  await expect(add.getByLabel(/^Business phone/)).toHaveValue('(214) 555-0100')
  await expect(add.getByLabel('Zip code')).toHaveValue('75201')
  await add.getByLabel(/^Organization type/).click()
  await page.getByRole('option', { name: 'Motor Carrier' }).click()
  await add.getByRole('button', { name: 'Add dealer' }).click()
  await expect(page.getByText('Dealer successfuly created.')).toBeVisible()
  await expect(page).toHaveURL(/\/ts-dealers\/[0-9a-f-]{36}$/)
  await expect(page.getByRole('heading', { name })).toBeVisible()

  // The same name and phone again: refused, with a link to the dealer already there.
  await page.goto('/ts-dealers')
  await page.getByRole('button', { name: 'Add dealer' }).click()
  await check.getByLabel(/^Name/).fill(name)
  await check.getByLabel(/^Phone Number/).fill('(214) 555-0100')
  await check.getByRole('button', { name: 'Check' }).click()
  await expect(check.getByText('Duplicate. This dealer is already created.')).toBeVisible()
  await expect(check.getByRole('link', { name: `Open ${name}` })).toBeVisible()
  await check.getByRole('button', { name: 'Cancel' }).click()

  // The add form is also reachable as a link, prefilled from its query.
  await page.goto('/ts-dealers/add?name=Peach%20State%20Trucks&businessPhone=4045550103&addressZip=30301')
  await expect(add.getByLabel(/^Name/)).toHaveValue('Peach State Trucks', { timeout: 30_000 })
  await expect(add.getByLabel(/^Business phone/)).toHaveValue('(404) 555-0103')
  await expect(add.getByLabel('Zip code')).toHaveValue('30301')
  await add.getByRole('button', { name: 'Cancel' }).click()

  // An expense with a receipt image, filed this month, counts in the month's total.
  await page.goto('/expenses')
  const total = page.getByTestId('expense-month-total')
  await expect(total).not.toHaveText('…')
  const before = Number((await total.textContent())!.replace(/[^0-9.]/g, ''))
  await page.getByRole('button', { name: 'Add expense' }).click()
  const expense = page.getByRole('dialog', { name: 'Add expense' })
  await expense.getByLabel('Amount (USD)').fill('42.50')
  await expense.getByLabel('Note').fill('Fuel on the way to the dealer')
  await expense.getByLabel(/^Receipt/).setInputFiles({ name: 'fuel.png', mimeType: 'image/png', buffer: receiptPng })
  await expense.getByRole('button', { name: 'Save expense' }).click()
  await expect(page.getByText('Expense successfully saved.')).toBeVisible()
  const usd = (n: number) => `$${n.toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`
  await expect(total).toHaveText(usd(before + 42.5))
  await expect(page.getByRole('link', { name: 'fuel.png' }).first()).toHaveAttribute('href', /\/file-viewer\?fileName=/)

  // Edited: the amount corrected, the total follows; deleted: it leaves the total.
  const row = page.getByRole('row').filter({ hasText: 'Fuel on the way to the dealer' })
  await row.getByRole('button', { name: /^Edit expense of/ }).click()
  const edit = page.getByRole('dialog', { name: 'Edit expense' })
  await expect(edit.getByLabel('Amount (USD)')).toHaveValue('42.50')
  await edit.getByLabel('Amount (USD)').fill('40.25')
  await expectWindowOnEverySize(page, 'the edit expense window')
  await edit.getByRole('button', { name: 'Save expense' }).click()
  await expect(page.getByText('Expense successfully updated.')).toBeVisible()
  await expect(total).toHaveText(usd(before + 40.25))
  await row.getByRole('button', { name: /^Delete expense of/ }).click()
  await page.getByRole('button', { name: 'Accept' }).click()
  await expect(page.getByText('Expense deleted.')).toBeVisible()
  await expect(total).toHaveText(usd(before))
  await expect(row).toHaveCount(0)
})
