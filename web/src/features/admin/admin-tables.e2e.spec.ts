import { expect, test } from '@playwright/test'
import { logIn } from '../../testing/e2e-steps'

test.use({ viewport: { width: 1440, height: 900 } })

test('the administration tables: divisions without their internal ids, users paged and empty in words', async ({
  page,
}) => {
  await page.goto('/admin/divisions')
  await logIn(page)
  const divisions = page.getByRole('table', { name: 'Divisions' })
  const sales = divisions.getByRole('row', { name: /Sales/ }).first()
  await expect(sales).toBeVisible()
  await expect(divisions.getByRole('columnheader', { name: 'ID' })).toHaveCount(0)
  await expect(sales).not.toContainText(/#\d+/)

  await page.goto('/admin/users')
  const users = page.getByRole('table', { name: 'Users' })
  await expect(users.getByRole('row', { name: /admin@example\.com/ })).toBeVisible()
  await expect(page.getByText(/^1–\d+ of \d+$/)).toBeVisible()
  await page.getByRole('textbox', { name: 'Search users' }).fill(`nobody-${Date.now()}`)
  await expect(users.getByText('No records found')).toBeVisible()
  await expect(page.getByText('0 records')).toBeVisible()
})
