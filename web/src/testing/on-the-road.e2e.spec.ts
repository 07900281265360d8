import { ActivityType } from '@crm/contracts'
import { expect, test, type APIRequestContext } from '@playwright/test'
import { admin, logIn } from './e2e-steps'
import { PHONE, TABLET, expectAccessible, expectFitsScreen } from './page-checks'

/** Three contacts of the administrator's division made through the API; the first with a DOT, a phone and a task. */
async function setUp(request: APIRequestContext, tag: string) {
  const login = await (await request.post('/api/v1/auth/login-user', { data: admin })).json()
  const headers = { authorization: `Bearer ${login.token}` }
  const dot = String(3_000_000 + Math.floor(Math.random() * 6_000_000))
  const names = ['Roadside', 'Wayside', 'Curbside'].map((n) => `${n} ${tag}`)
  const ids: string[] = []
  for (const [i, name] of names.entries()) {
    const body = { name, organizationTypeId: 7, ...(i === 0 && { dotNumber: dot, businessPhone: '(555) 301-4455' }) }
    const created = await request.post('/api/v1/contacts', { headers, data: body })
    expect(created.status()).toBe(201)
    ids.push((await created.json()).id)
  }
  const dueTomorrow = new Date(Date.now() + 24 * 3_600_000).toISOString()
  const task = await request.post('/api/v1/task', {
    headers,
    data: {
      title: `Visit the yard ${tag}`,
      activityType: ActivityType.Meeting,
      contactId: ids[0],
      dueDate: dueTomorrow,
    },
  })
  expect(task.status()).toBe(201)
  return { dot, names }
}

for (const size of [PHONE, TABLET]) {
  test(`a rep on the road at ${size.width} × ${size.height}: search by DOT, call, log it, complete the task, change the status, assign from the list`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize(size)
    const tag = `${size.width}-${Date.now()}`
    const { dot, names } = await setUp(request, tag)
    const [name, second, third] = names as [string, string, string]
    await page.goto('/')
    await logIn(page)

    // The top bar's search finds the carrier by its DOT number and opens it.
    await page
      .getByRole('button', { name: 'Search contacts' })
      .or(page.getByRole('combobox', { name: 'Search contacts' }))
      .first()
      .click()
    await page.keyboard.type(dot)
    await page.getByRole('option', { name: new RegExp(name) }).click()
    await expect(page.getByRole('heading', { name })).toBeVisible()
    await expectFitsScreen(page, 'the contact page')

    // Call: the phone is a tel: link; then log the call.
    await expect(page.getByRole('link', { name: '(555) 301-4455' }).first()).toHaveAttribute('href', 'tel:5553014455')
    const activities = page.getByRole('region', { name: 'Activities' })
    await activities.getByRole('button', { name: 'Log activity' }).click()
    await activities.getByRole('combobox', { name: 'Type' }).click()
    await page.getByRole('option', { name: 'Outgoing call', exact: true }).click()
    await activities.getByLabel(/^Subject/).fill('Called the owner from the road')
    await activities.getByRole('button', { name: 'Save activity' }).click()
    await expect(activities.getByRole('listitem', { name: 'Activity Called the owner from the road' })).toBeVisible()

    // Complete the task with a next step (a follow-up), in a window that takes the whole phone screen.
    const tasks = page.getByRole('region', { name: 'Tasks' })
    const subject = `Visit the yard ${tag}`
    await tasks.getByRole('button', { name: `Complete ${subject}` }).click()
    const complete = page.getByRole('dialog', { name: 'Complete task' })
    await complete.getByRole('radio', { name: /^Follow up/ }).check()
    await complete.getByLabel(/^Notes/).fill('Saw the yard; six trucks due for replacement.')
    await expectFitsScreen(page, 'the Complete task window')
    await expectAccessible(page, 'the Complete task window')
    await complete.getByRole('button', { name: 'Complete', exact: true }).click()
    await expect(complete).toBeHidden()
    await expect(tasks.getByRole('listitem', { name: `Task ${subject}` }).filter({ hasText: 'Completed' })).toHaveCount(
      1,
    )

    // A status change asks first.
    const bar = page.getByRole('toolbar', { name: 'Contact status' })
    await bar.getByRole('button', { name: 'No Answer', exact: true }).click()
    const confirm = page.getByRole('dialog', { name: 'No Answer' })
    await expect(confirm).toBeVisible()
    await expectAccessible(page, 'the No Answer confirmation')
    await confirm.getByRole('button', { name: 'Log No Answer' }).click()
    await expect(confirm).toHaveCount(0)

    // On the list: find the other two, select them and assign them to the administrator.
    await page.goto('/contacts')
    await page.getByPlaceholder('Search by name').fill(tag)
    await page.getByPlaceholder('Search by name').press('Enter')
    for (const other of [second, third]) {
      await page
        .getByRole('listitem')
        .filter({ hasText: other })
        .getByRole('checkbox', { name: 'Select row' })
        .or(page.getByRole('row', { name: new RegExp(other) }).getByRole('checkbox'))
        .first()
        .check()
    }
    await expectFitsScreen(page, 'the contacts list with two selected')
    if (size.width < 640) {
      await page.getByRole('button', { name: 'Actions' }).click()
      await page.getByRole('menuitem', { name: 'Assign', exact: true }).click()
    } else {
      await page.getByRole('button', { name: 'Assign', exact: true }).click()
    }
    const assign = page.getByRole('dialog', { name: 'Select User' })
    await expect(assign).toBeVisible()
    await expectAccessible(page, 'the Select User window')
    await expectFitsScreen(page, 'the Select User window')
    await assign.getByRole('combobox', { name: 'User' }).click()
    await page.getByRole('option', { name: 'Administrator' }).click()
    await assign.getByRole('button', { name: 'Assign', exact: true }).click()
    await expect(page.getByText('Assigned 2 contacts')).toBeVisible()
  })
}
