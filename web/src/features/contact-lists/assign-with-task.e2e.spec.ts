import { DEFAULT_DIVISION_ID } from '@crm/contracts'
import { expect, test, type APIRequestContext } from '@playwright/test'
import { admin, logIn } from '../../testing/e2e-steps'

const stamp = Date.now().toString(36)
const prefix = `Awt ${stamp}`
const taskerName = `Tara Tasker ${stamp}`

type Api = { get: (url: string) => Promise<unknown>; post: (url: string, data: object) => Promise<{ id?: string }> }

async function apiAs(request: APIRequestContext): Promise<Api> {
  const login = await request.post('/api/v1/auth/login-user', { data: admin })
  expect(login.status(), await login.text()).toBe(200)
  const { token } = await login.json()
  const headers = { authorization: `Bearer ${token}` }
  return {
    get: async (url) => (await request.get(`/api/v1${url}`, { headers })).json(),
    post: async (url, data) => {
      const response = await request.post(`/api/v1${url}`, { headers, data })
      expect(response.status(), await response.text()).toBeLessThan(300)
      return response.json()
    },
  }
}

const listUrl = (list: string) => `/${list}?query=${encodeURIComponent(JSON.stringify({ filter: { name: prefix } }))}`

test('assigns selected contacts with a task each, beside a task the user already had on one of them', async ({
  page,
  request,
}) => {
  const api = await apiAs(request)
  const { userId: taskerId } = (await api.post('/users', {
    email: `tara.${stamp}@example.com`,
    name: taskerName,
    password: 'tasker-password-1',
    divisionId: DEFAULT_DIVISION_ID,
  })) as { userId: string }
  const ids: Record<string, string> = {}
  for (const name of ['Alpha', 'Beta', 'Gamma']) {
    const created = await api.post('/contacts', {
      name: `${prefix} ${name}`,
      organizationTypeId: 7,
      divisionId: DEFAULT_DIVISION_ID,
      assigned: null,
    })
    ids[name] = created.id!
  }
  // Tara already has an open task on Gamma: planning a second one is allowed (only a call is refused).
  await api.post('/task', { title: 'Earlier visit', contactId: ids.Gamma, assigned: taskerId })

  await page.goto(listUrl('unassigned-lead'))
  await logIn(page)
  const table = page.getByRole('table', { name: 'Unassigned Leads' })
  await expect(table.getByRole('link', { name: new RegExp(prefix) })).toHaveCount(3)

  await page.getByRole('button', { name: 'Assign With Task' }).click()
  await expect(page.getByText('Please Select Contact')).toBeVisible()
  for (const name of ['Alpha', 'Beta', 'Gamma']) {
    await table
      .getByRole('row', { name: new RegExp(`${prefix} ${name}`) })
      .getByRole('checkbox')
      .check()
  }
  await page.getByRole('button', { name: 'Assign With Task' }).click()
  const dialog = page.getByRole('dialog', { name: 'Assign With Task' })
  // Defaults of docs/product.md section 3: due today at 17:00, a meeting.
  await expect(dialog.getByLabel('Due date')).toHaveValue(/T17:00$/)
  await expect(dialog.getByLabel('Activity type')).toHaveText('Meeting')

  await dialog.getByRole('button', { name: 'Assign With Task' }).click()
  await expect(page.getByText('Please select User')).toBeVisible()

  // The user picker searches as you type.
  await dialog.getByRole('combobox', { name: 'User' }).click()
  await page.getByRole('textbox', { name: 'Search User' }).fill(`Tasker ${stamp}`)
  await page.getByRole('option', { name: taskerName }).click()
  await expect(dialog.getByRole('combobox', { name: 'User' })).toHaveText(taskerName)

  await dialog.getByRole('button', { name: 'Assign With Task' }).click()
  await expect(dialog.getByText('Please Enter Subject')).toBeVisible()
  await dialog.getByLabel('Subject').fill('Intro meeting')
  await dialog.getByLabel('Note').fill('Bring the fleet brochure')
  await dialog.getByRole('button', { name: 'Assign With Task' }).click()

  await expect(page.getByText(`Assigned 3 contacts with a task to ${taskerName}`)).toBeVisible()
  await expect(dialog).toHaveCount(0)
  // All three were assigned, so they left the unassigned pool.
  await expect(table.getByRole('link', { name: new RegExp(prefix) })).toHaveCount(0)

  // The new task on each contact for Tara, as the API reads them back; Gamma keeps its earlier one beside it.
  type Task = { title: string; assigned: string; activityType: number; description: string | null }
  for (const name of ['Alpha', 'Beta']) {
    const tasks = (await api.get(`/task/tasks-by-contact/${ids[name]}`)) as Task[]
    expect(tasks).toEqual([
      expect.objectContaining({
        title: 'Intro meeting',
        assigned: taskerId,
        activityType: 10013,
        description: 'Bring the fleet brochure',
      }),
    ])
  }
  const gamma = (await api.get(`/task/tasks-by-contact/${ids.Gamma}`)) as Task[]
  expect(gamma.map((t) => t.title).sort()).toEqual(['Earlier visit', 'Intro meeting'])

  // The Assigned User column of All Contacts shows who has them now.
  await page.goto(listUrl('contacts'))
  const all = page.getByRole('table', { name: 'All Contacts' })
  for (const name of ['Alpha', 'Beta', 'Gamma']) {
    await expect(all.getByRole('row', { name: new RegExp(`${prefix} ${name}`) })).toContainText(taskerName)
  }
})
