import { DEFAULT_DIVISION_ID } from '@crm/contracts'
import { expect, test, type APIRequestContext } from '@playwright/test'
import { admin, logIn } from '../../testing/e2e-steps'

test.use({ timezoneId: 'UTC' })

const stamp = Date.now().toString(36)
const manager = { email: `mona.${stamp}@example.com`, password: 'manager-password-1', name: `Mona ${stamp}` }
const rep = { email: `rhea.${stamp}@example.com`, password: 'rep-password-123', name: `Rhea ${stamp}` }
const DAY_MS = 86_400_000
let repId = ''

/** Monday of last week at 12:00 UTC: a Monday on the calendar of any office. */
function lastMondayNoon(now = new Date()): number {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())
  return today - (((now.getUTCDay() + 6) % 7) + 7) * DAY_MS + 12 * 3_600_000
}

async function tokenOf(request: APIRequestContext, user: { email: string; password: string }) {
  const login = await request.post('/api/v1/auth/login-user', { data: user })
  expect(login.status()).toBe(200)
  return { authorization: `Bearer ${(await login.json()).token as string}` }
}

/** A manager, their rep with a target of 4 a day, and the rep's four calls of last week (two on Monday). */
async function lastWeekOfARep(request: APIRequestContext) {
  const asAdmin = await tokenOf(request, admin)
  const created = async (user: typeof rep, body: object) => {
    const response = await request.post('/api/v1/users', {
      headers: asAdmin,
      data: { ...user, divisionId: DEFAULT_DIVISION_ID, ...body },
    })
    expect(response.status(), await response.text()).toBe(201)
    return (await response.json()).userId as string
  }
  const managerId = await created(manager, { role: 'manager' })
  repId = await created(rep, { role: 'rep', managerId })
  const target = await request.patch(`/api/v1/users/${repId}`, { headers: asAdmin, data: { expectations: { day: 4 } } })
  expect(target.status()).toBe(200)

  const asRep = await tokenOf(request, rep)
  const contact = await request.post('/api/v1/contacts', {
    headers: asRep,
    data: { name: `Metric Freight ${stamp}`, organizationTypeId: 7, divisionId: DEFAULT_DIVISION_ID },
  })
  expect(contact.status()).toBe(201)
  const contactId = (await contact.json()).id as string
  const monday = lastMondayNoon()
  for (const [i, offset] of [0, 2 * 3_600_000, DAY_MS, 2 * DAY_MS].entries()) {
    const call = await request.post('/api/v1/activity', {
      headers: asRep,
      data: {
        contactId,
        divisionId: DEFAULT_DIVISION_ID,
        activityType: 10009,
        subject: `Call ${i + 1}`,
        occurredAt: new Date(monday + offset).toISOString(),
        callData: { duration: 60 * (i + 1), outcome: 'Answered' },
      },
    })
    expect(call.status()).toBe(201)
  }
  return new Date(monday).toISOString().slice(0, 10)
}

test('a manager reads last week, opens a number and sees as many rows; Day Rating shows the percent', async ({
  page,
  request,
}) => {
  const monday = await lastWeekOfARep(request)
  await page.goto('/')
  await logIn(page, manager)
  await page.getByRole('link', { name: 'Reports' }).click()
  await expect(page.getByRole('heading', { name: 'Sales metrics' })).toBeVisible()

  await page.getByLabel('Period').click()
  await page.getByRole('option', { name: 'Last week' }).click()
  await expect(page).toHaveURL(/range=2/)
  const calls = page.getByRole('button', { name: `Calls of ${rep.name}: 4` })
  await expect(calls).toBeVisible()
  await calls.click()

  const drill = page.getByRole('dialog', { name: `Calls · ${rep.name} (4)` })
  await expect(drill.locator('tbody tr')).toHaveCount(4)
  await expect(drill.getByText('1–4 of 4')).toBeVisible()
  await drill.getByRole('button', { name: 'Close' }).click()

  await page.getByRole('button', { name: rep.name, exact: true }).click()
  const rating = page.getByRole('dialog', { name: `Day Rating · ${rep.name}` })
  await rating.getByRole('textbox', { name: 'Day' }).fill(monday)
  // Monday: 2 of 4 = 50.00 %; the week: 4 of 20 = 20.00 %, call time 1 + 2 + 3 + 4 minutes.
  await expect(rating.getByTestId('rating-day').filter({ visible: true })).toContainText('50.00%')
  await expect(rating.getByTestId('rating-week').filter({ visible: true })).toContainText('20.00%')
  await expect(rating.getByTestId('rating-week').filter({ visible: true })).toContainText('0:10:00')
})

test("the US map: the rep's Texas opens its two contacts, from the map and from the keyboard", async ({
  page,
  request,
}) => {
  expect(repId, 'the rep the test above created').not.toBe('')
  const asRep = await tokenOf(request, rep)
  for (const [name, state] of [
    [`Lone Star Haulers ${stamp}`, 'TX'],
    [`Alamo Freight ${stamp}`, 'TX'],
    [`Golden Gate Lines ${stamp}`, 'CA'],
  ]) {
    const contact = await request.post('/api/v1/contacts', {
      headers: asRep,
      data: { name, organizationTypeId: 7, divisionId: DEFAULT_DIVISION_ID, address: { city: 'Austin', state } },
    })
    expect(contact.status()).toBe(201)
  }
  await page.goto('/')
  await logIn(page, manager)
  await page.goto(`/reports/us-map?userId=${repId}`)
  await expect(page.getByRole('heading', { name: 'US map' })).toBeVisible()

  const texas = page.getByRole('button', { name: 'Texas: 2 contacts' })
  await expect(texas).toBeVisible()
  await expect(page.getByRole('button', { name: 'California: 1 contact' })).toBeVisible()
  await texas.click()
  const drill = page.getByRole('dialog', { name: 'Texas (2)' })
  await expect(drill.locator('tbody tr')).toHaveCount(2)
  await expect(drill.getByRole('link', { name: `Alamo Freight ${stamp}` })).toBeVisible()
  await expect(drill.getByRole('link', { name: `Lone Star Haulers ${stamp}` })).toBeVisible()
  await drill.getByRole('button', { name: 'Close' }).click()

  // The same from the keyboard: the state is focusable and Enter opens it.
  await texas.focus()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('dialog', { name: 'Texas (2)' }).locator('tbody tr')).toHaveCount(2)
})
