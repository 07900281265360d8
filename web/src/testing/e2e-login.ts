import { expect, type Page } from '@playwright/test'

/** The administrator the end-to-end server is seeded with (playwright.config.ts). */
export const admin = { email: 'admin@example.com', password: 'admin12345' }

export async function logIn(page: Page, user = admin): Promise<void> {
  await page.getByLabel('Email').fill(user.email)
  await page.getByLabel('Password').fill(user.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByRole('button', { name: 'Sign in' })).toHaveCount(0)
}
