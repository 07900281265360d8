import { expect, test } from '@playwright/test'
import { admin, logIn } from '../../testing/e2e-steps'

test('a task reminder rings the bell while the app is open, and leads to the contact', async ({ page, request }) => {
  await page.goto('/')
  await logIn(page)
  const bell = page.getByRole('button', { name: /^Notifications/ })
  await bell.click()
  // The panel itself says it is empty (the dashboard behind it has its own empty lists).
  await expect(page.getByRole('dialog', { name: 'Notifications' }).getByText('No records found')).toBeVisible()
  await page.keyboard.press('Escape')

  // Another tab (here: the API) plans a call with a 15-minute reminder that falls due in a few seconds.
  const login = await request.post('/api/v1/auth/login-user', { data: admin })
  const headers = { authorization: `Bearer ${(await login.json()).token}` }
  const contact = await request.post('/api/v1/contacts', {
    headers,
    data: { name: 'Bell Ringer Trucking', organizationTypeId: 7 },
  })
  const contactId = (await contact.json()).id as string
  const dueDate = new Date(Date.now() + 15 * 60_000 + 4000).toISOString()
  const task = await request.post('/api/v1/task', {
    headers,
    data: { title: 'Call about the new trailers', contactId, dueDate, reminder: 15 },
  })
  expect(task.status()).toBe(201)

  await expect(page.getByText(/^Reminder: Call about the new trailers · Bell Ringer Trucking/)).toBeVisible({
    timeout: 20_000,
  })
  await expect(page.getByTestId('notification-count')).toHaveText('1')
  await bell.click()
  const item = page.getByRole('link', { name: /Call about the new trailers/ })
  await expect(item).toContainText('Bell Ringer Trucking')
  await expect(item).toContainText('Due ')
  await item.click()
  await expect(page.getByRole('heading', { name: 'Bell Ringer Trucking' })).toBeVisible()
  await expect(page.getByTestId('notification-count')).toHaveCount(0)
})
