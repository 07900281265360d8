import { DEFAULT_DIVISION_ID } from '@crm/contracts'
import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { admin, changeStatusOfSelected, logIn } from '../../testing/e2e-steps'

const stamp = Date.now().toString(36)
const prefix = `Cmb ${stamp}`

/** Unassigned Leads of the default division (DEFAULT_DIVISION_ID), so the administrator may select them; returns name → id. */
async function createLeads(request: APIRequestContext, names: string[]): Promise<Record<string, string>> {
  const login = await request.post('/api/v1/auth/login-user', { data: admin })
  const { token } = await login.json()
  const ids: Record<string, string> = {}
  for (const name of names) {
    const response = await request.post('/api/v1/contacts', {
      headers: { authorization: `Bearer ${token}` },
      data: { name: `${prefix} ${name}`, organizationTypeId: 7, divisionId: DEFAULT_DIVISION_ID, assigned: null },
    })
    expect(response.status()).toBe(201)
    ids[name] = ((await response.json()) as { id: string }).id
  }
  return ids
}

const listUrl = (list: string) => `/${list}?query=${encodeURIComponent(JSON.stringify({ filter: { name: prefix } }))}`

async function select(page: Page, table: ReturnType<Page['getByRole']>, name: string) {
  await table
    .getByRole('row', { name: new RegExp(`${prefix} ${name}`) })
    .getByRole('checkbox')
    .check()
}

test('combines two selected contacts from a list and changes the status of another', async ({ page, request }) => {
  const ids = await createLeads(request, ['Ash', 'Beech', 'Cypress'])
  await page.goto(listUrl('unassigned-lead'))
  await logIn(page)
  const table = page.getByRole('table', { name: 'Unassigned Leads' })
  await expect(table.getByRole('link', { name: new RegExp(prefix) })).toHaveCount(3)

  // Combine needs two rows.
  await select(page, table, 'Ash')
  await page.getByRole('button', { name: 'Combine Contacts' }).click()
  await expect(page.getByText('Please select two or more contacts')).toBeVisible()
  await select(page, table, 'Beech')
  await page.getByRole('button', { name: 'Combine Contacts' }).click()
  const wizard = page.getByRole('dialog', { name: 'Combine Contacts' })
  // Step 1: every kind of information from Ash, the survivor.
  for (const info of ['Company Info', 'Contact Info', 'Additional Info', 'Address', 'Red Flag']) {
    await wizard.getByRole('radio', { name: `${info} from ${prefix} Ash` }).check()
  }
  await wizard.getByRole('button', { name: 'Next' }).click()
  // Step 2: each division's status from Ash.
  const statuses = wizard.getByRole('radio', { name: new RegExp(`status from ${prefix} Ash$`) })
  await expect(statuses.first()).toBeVisible()
  for (const radio of await statuses.all()) await radio.check()
  // A division's status chosen from Ash shows Beech's status of that division disabled (docs/product.md 4)...
  const beech = wizard.getByRole('radio', { name: new RegExp(`status from ${prefix} Beech$`) })
  for (const radio of await beech.all()) await expect(radio).toBeDisabled()
  // ...until a second click on Ash's clears that division's choice.
  await statuses.first().click()
  await expect(statuses.first()).not.toBeChecked()
  await expect(beech.first()).toBeEnabled()
  await expect(wizard.getByRole('button', { name: 'Save' })).toBeDisabled()
  await statuses.first().check()
  await expect(beech.first()).toBeDisabled()
  await wizard.getByRole('button', { name: 'Save' }).click()
  await expect(page).toHaveURL(new RegExp(`/contacts/${ids.Ash}$`))

  // Back on the list: Beech was absorbed; Cypress becomes a Prospect and moves to Unassigned Prospects.
  await page.goto(listUrl('unassigned-lead'))
  const names = async () => (await table.getByRole('link', { name: new RegExp(prefix) }).allTextContents()).sort()
  await expect.poll(names).toEqual([`${prefix} Ash`, `${prefix} Cypress`])
  await page.getByRole('button', { name: 'Change Contact Status' }).click()
  await expect(page.getByText('Please Select Contact')).toBeVisible()
  await select(page, table, 'Cypress')
  await changeStatusOfSelected(page, 'Prospect')
  await expect.poll(names).toEqual([`${prefix} Ash`])

  await page.goto(listUrl('unassigned-prospects'))
  const prospects = page.getByRole('table', { name: 'Unassigned Prospects' })
  await expect(prospects.getByRole('link', { name: new RegExp(prefix) })).toHaveText([`${prefix} Cypress`])
})
