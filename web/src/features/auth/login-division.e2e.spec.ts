import { DEFAULT_DIVISION_ID } from '@crm/contracts'
import { expect, test } from '@playwright/test'
import { admin, logIn } from '../../testing/e2e-steps'

test('login lands on the page asked for, the division switches, logout returns to login', async ({ page, request }) => {
  // A rep made through the API: they must not see the administration screens.
  const token = (await (await request.post('/api/v1/auth/login-user', { data: admin })).json()).token as string
  const email = `e2e.rep.${Date.now()}@example.com`
  const created = await request.post('/api/v1/users', {
    headers: { authorization: `Bearer ${token}` },
    data: { email, name: 'Erin Rep', password: 'erin-password-1', divisionId: DEFAULT_DIVISION_ID, role: 'rep' },
  })
  expect(created.status()).toBe(201)

  await page.goto('/profile')
  await expect(page).toHaveURL(/\/login\?fromPathname=%2Fprofile/)
  await logIn(page)
  await expect(page).toHaveURL(/\/profile$/)
  await expect(page.getByRole('heading', { name: 'Administrator' })).toBeVisible()

  // Division switcher, fed by /divisions/for-select.
  await page.getByRole('button', { name: 'Division Sales' }).click()
  await page.getByRole('menuitemradio', { name: /Logistics/ }).click()
  await expect(page.getByRole('button', { name: 'Division Logistics' })).toBeVisible()
  expect(await page.evaluate(() => sessionStorage.getItem('divisionId'))).toBe('3')

  await page.getByRole('button', { name: 'Administrator', exact: true }).click()
  await page.getByRole('menuitem', { name: 'Log out' }).click()
  await expect(page).toHaveURL(/\/login$/)
  expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull()

  // The rep sees no administration and is sent away from it.
  await logIn(page, { email, password: 'erin-password-1' })
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Users' })).toHaveCount(0)
  await page.goto('/admin/users')
  await expect(page).not.toHaveURL(/admin/)
})
