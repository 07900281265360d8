import { DEFAULT_DIVISION_ID } from '@crm/contracts'
import { expect, test } from '@playwright/test'
import { admin, logIn } from '../../testing/e2e-steps'

test('signing in as another user shows a banner on every screen and one click leads back', async ({
  page,
  request,
}) => {
  const token = (await (await request.post('/api/v1/auth/login-user', { data: admin })).json()).token as string
  const email = `e2e.acted.${Date.now()}@example.com`
  const created = await request.post('/api/v1/users', {
    headers: { authorization: `Bearer ${token}` },
    data: { email, name: 'Ivy Impersonated', password: 'ivy-password-1', divisionId: DEFAULT_DIVISION_ID, role: 'rep' },
  })
  expect(created.status()).toBe(201)

  await page.goto('/sign-in-as')
  await logIn(page)
  await page.getByLabel('Search users').fill('Ivy')
  await page.getByRole('button', { name: 'Sign in as Ivy Impersonated' }).click()
  const banner = page.getByRole('status').filter({ hasText: 'Signed in as' })
  await expect(banner).toContainText('Ivy Impersonated')
  await page.goto('/contacts')
  await expect(banner).toBeVisible()
  await page.screenshot({ path: 'test-results/acting-as-banner.png' })

  await banner.getByRole('button', { name: 'Back to Administrator' }).click()
  await expect(banner).toHaveCount(0)
  await page.goto('/profile')
  await expect(page.getByRole('heading', { name: 'Administrator' })).toBeVisible()
})
