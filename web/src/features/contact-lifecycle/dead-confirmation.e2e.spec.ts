import { ActivityType } from '@crm/contracts'
import { expect, test } from '@playwright/test'
import { admin, logIn } from '../../testing/e2e-steps'

test('Dead asks first: Cancel changes nothing; confirmed, the contact is Dead and its open task says so on the dashboard', async ({
  page,
  request,
}) => {
  const login = await (await request.post('/api/v1/auth/login-user', { data: admin })).json()
  const headers = { authorization: `Bearer ${login.token}` }
  const name = `Dead End Freight ${Date.now()}`
  const created = await request.post('/api/v1/contacts', {
    headers,
    data: { name, organizationTypeId: 7, businessPhone: '(555) 201-3344' },
  })
  expect(created.status()).toBe(201)
  const contactId = (await created.json()).id as string
  const dueTomorrow = new Date(Date.now() + 24 * 3_600_000).toISOString()
  const task = await request.post('/api/v1/task', {
    headers,
    data: { title: 'Call the owner back', activityType: ActivityType.OutgoingCall, contactId, dueDate: dueTomorrow },
  })
  expect(task.status()).toBe(201)

  await page.goto(`/contacts/${contactId}`)
  await logIn(page)
  const bar = page.getByRole('toolbar', { name: 'Contact status' })
  const history = page.getByRole('region', { name: 'Status history' })
  const tasks = page.getByRole('region', { name: 'Tasks' })
  await expect(tasks.getByRole('listitem', { name: 'Task Call the owner back' })).toContainText('On Schedule')

  // Cancel: the window closes and nothing changed.
  await bar.getByRole('button', { name: 'Dead', exact: true }).click()
  const confirm = page.getByRole('dialog', { name: 'Mark as Dead' })
  await expect(confirm.getByText(`Mark ${name} as Dead?`)).toBeVisible()
  await confirm.getByRole('button', { name: 'Cancel' }).click()
  await expect(confirm).toHaveCount(0)
  await expect(history.getByRole('listitem')).toHaveCount(0)
  await expect(bar.getByRole('button', { name: 'Dead', exact: true })).toBeEnabled()
  await expect(page.getByText('Status Updated Successfully.')).toHaveCount(0)

  // Confirmed with a note: the status changes and the history keeps the note.
  await bar.getByRole('button', { name: 'Dead', exact: true }).click()
  await confirm.getByLabel('Notes').fill('Sold the trucks')
  await confirm.getByRole('button', { name: 'Mark Dead' }).click()
  await expect(page.getByText('Status Updated Successfully.')).toBeVisible()
  await expect(confirm).toHaveCount(0)
  await expect(bar.getByRole('button', { name: 'Dead', exact: true })).toBeDisabled()
  await expect(history.getByRole('listitem')).toHaveCount(1)
  await expect(history.getByRole('listitem').first()).toContainText('Dead: Sold the trucks')
  await expect(tasks.getByRole('listitem', { name: 'Task Call the owner back' })).toContainText('Contact is Dead')

  // On the dashboard the task is no longer On Schedule; its contact opens by name and dials by phone.
  await page.goto('/')
  const item = page.getByRole('tabpanel', { name: 'All' }).getByRole('listitem', { name: 'Task Call the owner back' })
  await expect(item).toContainText('Contact is Dead')
  await expect(item).not.toContainText('On Schedule')
  await expect(item.getByRole('link', { name: '(555) 201-3344' })).toHaveAttribute('href', 'tel:5552013344')
  await item.getByRole('link', { name }).click()
  await expect(page).toHaveURL(new RegExp(`/contacts/${contactId}$`))
  await expect(page.getByRole('heading', { name })).toBeVisible()
})
