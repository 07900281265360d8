import { DEFAULT_DIVISION_ID } from '@crm/contracts'
import { expect, test, type APIRequestContext } from '@playwright/test'
import ExcelJS from 'exceljs'
import { admin, logIn } from '../../testing/e2e-steps'

const stamp = Date.now().toString(36)
const prefix = `Lst ${stamp}`

async function createContacts(request: APIRequestContext) {
  const login = await request.post('/api/v1/auth/login-user', { data: admin })
  const { token } = await login.json()
  const contacts = [
    ['Alder', 'TX', 12],
    ['Birch', 'TX', 30],
    ['Cedar', 'CA', 4],
    ['Dogwood', 'TX', 55],
    ['Elm', 'TX', 18],
    ['Fir', 'OK', 9],
    ['Gum', 'TX', 75],
  ] as const
  for (const [name, state, trucks] of contacts) {
    const response = await request.post('/api/v1/contacts', {
      headers: { authorization: `Bearer ${token}` },
      data: {
        name: `${prefix} ${name}`,
        organizationTypeId: 7,
        numberOfTrucks: trucks,
        address: { state },
        divisionId: DEFAULT_DIVISION_ID,
        assigned: null,
      },
    })
    expect(response.status()).toBe(201)
  }
}

test('filters, sorts, pages, saves a preset, reloads from the URL, assigns two contacts and exports them', async ({
  page,
  request,
}) => {
  await createContacts(request)
  await page.goto('/unassigned-lead')
  await logIn(page)
  await expect(page.getByRole('heading', { name: /Unassigned Leads/ })).toBeVisible()
  const table = page.getByRole('table', { name: 'Unassigned Leads' })
  const names = () => table.getByRole('link', { name: new RegExp(prefix) }).allTextContents()

  // Filter by name, sort by name ascending, page through 5 at a time.
  await page.getByPlaceholder('Search by name').fill(prefix)
  // The search box commits after its debounce; only then is the filter part of the URL.
  await expect(page).toHaveURL(new RegExp(stamp))
  await expect(table.getByRole('link', { name: new RegExp(prefix) })).toHaveCount(5)
  await table.getByRole('button', { name: 'Name' }).click()
  await expect.poll(names).toEqual(['Alder', 'Birch', 'Cedar', 'Dogwood', 'Elm'].map((n) => `${prefix} ${n}`))
  await page.getByRole('button', { name: 'Next page' }).click()
  await expect.poll(names).toEqual([`${prefix} Fir`, `${prefix} Gum`])

  // Advanced Search: Texas fleets of 10 to 60 trucks, saved as a preset.
  await page.getByRole('button', { name: /Advance Search/ }).click()
  const search = page.getByRole('dialog', { name: 'Advanced Search' })
  await search.getByLabel('State').fill('TX')
  await search.getByLabel('Trucks from').fill('10')
  await search.getByLabel('Trucks to').fill('60')
  await search.getByLabel('Preset name').fill(`Texas mid fleets ${stamp}`)
  await search.getByRole('button', { name: 'Save as new preset' }).click()
  await expect(search.getByLabel('Saved preset')).toContainText(`Texas mid fleets ${stamp}`)
  await search.getByRole('button', { name: 'Search' }).click()
  await expect.poll(names).toEqual(['Alder', 'Birch', 'Dogwood', 'Elm'].map((n) => `${prefix} ${n}`))

  // The URL holds the whole table state: a reload shows the same rows.
  await expect(page).toHaveURL(/numberOfTrucksFrom/)
  await page.reload()
  await expect.poll(names).toEqual(['Alder', 'Birch', 'Dogwood', 'Elm'].map((n) => `${prefix} ${n}`))

  // Assign two of them to a user: they leave the unassigned pool.
  await table
    .getByRole('row', { name: new RegExp(`${prefix} Alder`) })
    .getByRole('checkbox')
    .check()
  await table
    .getByRole('row', { name: new RegExp(`${prefix} Birch`) })
    .getByRole('checkbox')
    .check()
  await page.getByRole('button', { name: 'Assign', exact: true }).click()
  const assign = page.getByRole('dialog', { name: 'Select User' })
  await assign.getByRole('combobox', { name: 'User' }).click()
  await page.getByRole('option', { name: 'Administrator' }).click()
  await assign.getByRole('button', { name: 'Assign', exact: true }).click()
  await expect(page.getByText('Assigned 2 contacts')).toBeVisible()
  await expect.poll(names).toEqual(['Dogwood', 'Elm'].map((n) => `${prefix} ${n}`))

  // They are now the administrator's leads; export them to Excel.
  await page.goto(`/my-lead?query=${encodeURIComponent(JSON.stringify({ filter: { name: prefix } }))}`)
  const mine = page.getByRole('table', { name: 'My Leads' })
  await expect(mine.getByRole('link', { name: new RegExp(prefix) })).toHaveCount(2)
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export Contacts To Excel' }).click(),
  ])
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/)
  const workbook = new ExcelJS.Workbook()
  await workbook.xlsx.readFile(await download.path())
  const rows = workbook
    .getWorksheet('Contacts')!
    .getSheetValues()
    .slice(2)
    .map((r) => (r as unknown[])[1])
  expect(rows).toEqual([`${prefix} Alder`, `${prefix} Birch`])
})
