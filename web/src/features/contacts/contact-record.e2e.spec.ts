import { expect, test, type Locator, type Page } from '@playwright/test'
import { choose, logIn } from '../../testing/e2e-steps'

/** The value a details card shows beside `label`. */
const shown = (scope: Page | Locator, label: string) =>
  scope.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]')

const listUrl = (list: string, name: string) =>
  `/${list}?query=${encodeURIComponent(JSON.stringify({ filter: { name } }))}`

test('a contact created with every field group shows each value on its page, in the lists and in Collection List', async ({
  page,
  context,
}) => {
  await page.goto('/contacts')
  await logIn(page)
  const stamp = Date.now().toString(36)
  const name = `Rec ${stamp} Haulers`

  await page.getByRole('button', { name: 'New contact' }).click()
  const form = page.getByRole('dialog', { name: 'New contact' })
  // Company
  await form.getByLabel(/^Name/).fill(name)
  await form.getByLabel('DBA').fill('Lone Star Freight')
  await choose(page, form, /^Organization type/, 'Motor Carrier')
  await choose(page, form, 'Contact category', 'Shipper')
  await form.getByLabel('US DOT').fill('2984417')
  await form.getByLabel('MC number').fill('MC884210')
  // People and phones: the mask formats what is typed.
  await form.getByLabel('Company owner').fill('Rosa Delgado')
  await form.getByLabel('Email').fill('dispatch@lonestar.example')
  await form.getByLabel('Business phone').fill('2145550100')
  await expect(form.getByLabel('Business phone')).toHaveValue('(214) 555-0100')
  await form.getByLabel('Mobile phone', { exact: true }).fill('2145550101')
  await form.getByLabel('Home phone', { exact: true }).fill('2145550102')
  // Address
  await form.getByLabel('Street').fill('1200 Commerce St')
  await form.getByLabel('City').fill('Dallas')
  await choose(page, form, 'State', 'Texas')
  await form.getByLabel('Zip').fill('75201')
  await choose(page, form, 'Country', 'United States')
  // Trucking facts
  await choose(page, form, 'Preferred language', 'Spanish')
  await choose(page, form, 'Company type', 'Broker')
  await form.getByLabel('# of trucks').fill('12')
  await form.getByLabel('Date established').fill('2009-04-01')
  await form.getByLabel('SAFER phone').fill('2145550103')
  await form.getByLabel('SAFER mobile phone').fill('2145550104')
  // Collection (the administrator keeps it)
  await form.getByLabel('Current balance (USD)').fill('1250.50')
  await form.getByLabel('Days late').fill('0')
  await form.getByLabel('Last collection activity').fill('2026-11-20T09:30')
  await form.getByRole('button', { name: 'Create contact' }).click()
  await expect(page.getByText('Contact created!')).toBeVisible()

  // The list columns show labels, not ids.
  await page.goto(listUrl('contacts', name))
  const table = page.getByRole('table', { name: 'All Contacts' })
  const row = table.getByRole('row', { name: new RegExp(name) })
  await expect(row).toBeVisible()
  await expect(row.getByRole('cell', { name: 'Spanish', exact: true })).toBeVisible()
  await expect(row.getByRole('cell', { name: 'Broker', exact: true })).toBeVisible()

  // The contact page, reloaded: every value as entered.
  const [contact] = await Promise.all([context.waitForEvent('page'), row.getByRole('link', { name }).click()])
  await expect(contact.getByRole('heading', { name })).toBeVisible()
  const contactUrl = contact.url()
  await contact.reload()
  await expect(contact.getByRole('heading', { name })).toBeVisible()
  const expected: [string, string | RegExp][] = [
    ['DBA', 'Lone Star Freight'],
    ['Org. type', 'Motor Carrier'],
    ['Category', 'Shipper'],
    ['Preferred language', 'Spanish'],
    ['Company type', 'Broker'],
    ['# of trucks', '12'],
    ['Established', '04/01/2009'],
    ['US DOT', /2984417/],
    ['MC number', /MC884210/],
    ['Company owner', 'Rosa Delgado'],
    ['Email', 'dispatch@lonestar.example'],
    ['Business phone', /\(214\) 555-0100/],
    ['Mobile phone', /\(214\) 555-0101/],
    ['Home phone', /\(214\) 555-0102/],
    ['SAFER phone', /\(214\) 555-0103/],
    ['SAFER mobile', /\(214\) 555-0104/],
    ['Address', /1200 Commerce St\s*Dallas, TX 75201\s*United States/],
    ['Current balance', '$1,250.50'],
    ['Days late', '0'],
    ['Last collection activity', '11/20/2026 09:30 AM'],
  ]
  for (const [label, value] of expected) {
    await expect(shown(contact, label).first(), label).toHaveText(value)
  }

  // Not late yet: Credit Exposure has it, Collection List does not.
  await contact.goto(listUrl('credit-exposure', name))
  await expect(contact.getByRole('link', { name })).toBeVisible()
  await contact.goto(listUrl('collection-list', name))
  await expect(contact.getByRole('table', { name: 'Collection List' }).getByText('No records found')).toBeVisible()

  // Edit: a new balance and days late; only those two fields are sent.
  await contact.goto(contactUrl)
  await expect(contact.getByRole('heading', { name })).toBeVisible()
  await contact.getByRole('button', { name: 'Edit' }).click()
  const edit = contact.getByRole('dialog', { name: 'Edit contact' })
  await expect(edit.getByLabel('Preferred language')).toHaveText('Spanish')
  await edit.getByLabel('Current balance (USD)').fill('2400')
  await edit.getByLabel('Days late').fill('45')
  const [patch] = await Promise.all([
    contact.waitForRequest((r) => r.method() === 'PATCH' && /\/api\/v1\/contacts\//.test(r.url())),
    edit.getByRole('button', { name: 'Save' }).click(),
  ])
  expect(patch.postDataJSON()).toEqual({ currentBalance: 2400, daysLate: 45 })
  await expect(contact.getByText('Data is saved')).toBeVisible()
  await expect(shown(contact, 'Current balance')).toHaveText('$2,400.00')

  // Collection List: the contact with its balance, days late and last collection activity.
  await contact.goto(listUrl('collection-list', name))
  const collection = contact.getByRole('row', { name: new RegExp(name) })
  await expect(collection).toBeVisible()
  for (const header of ['Current Balance', 'Days Late', 'Last Collection Activity']) {
    await expect(contact.getByRole('columnheader', { name: header })).toBeVisible()
  }
  await expect(collection.getByRole('cell', { name: '$2,400.00' })).toBeVisible()
  await expect(collection.getByRole('cell', { name: '45', exact: true })).toBeVisible()
  await expect(collection.getByRole('cell', { name: '11/20/2026' })).toBeVisible()
})
