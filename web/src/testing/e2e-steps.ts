import { expect, type BrowserContext, type Locator, type Page } from '@playwright/test'
import { readFile } from 'node:fs/promises'

/** The administrator the end-to-end server is seeded with (playwright.config.ts). */
export const admin = { email: 'admin@example.com', password: 'admin12345' }

export async function logIn(page: Page, user = admin): Promise<void> {
  await page.getByLabel('Email').fill(user.email)
  await page.getByLabel('Password').fill(user.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  // Exact: the screen logged into may have buttons of its own named "Sign in as …" (/sign-in-as).
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toHaveCount(0)
}

/** Picks `option` in the labelled select `label` of `scope` (a form or dialog); its options open in a popup. */
export async function choose(page: Page, scope: Locator, label: string | RegExp, option: string): Promise<void> {
  await scope.getByLabel(label, typeof label === 'string' ? { exact: true } : undefined).click()
  await page.getByRole('option', { name: option, exact: true }).click()
}

/** Creates a Motor Carrier contact through the New contact form, finds it in the list and opens its page. */
export async function createAndOpenContact(page: Page, context: BrowserContext, name: string): Promise<Page> {
  await page.getByRole('button', { name: 'New contact' }).click()
  const form = page.getByRole('dialog', { name: 'New contact' })
  await form.getByLabel(/^Name/).fill(name)
  await form.getByLabel(/^Organization type/).click()
  await page.getByRole('option', { name: 'Motor Carrier' }).click()
  await form.getByRole('button', { name: 'Create contact' }).click()
  await expect(page.getByText('Contact created!')).toBeVisible()

  await page.getByPlaceholder('Search by name').fill(name)
  const [contact] = await Promise.all([context.waitForEvent('page'), page.getByRole('link', { name }).click()])
  await expect(contact.getByRole('heading', { name })).toBeVisible()
  return contact
}

/** Change Contact Status on a list screen for the one contact selected there, to `status` in the current division. */
export async function changeStatusOfSelected(page: Page, status: string): Promise<void> {
  await page.getByRole('button', { name: 'Change Contact Status' }).click()
  const dialog = page.getByRole('dialog', { name: 'Change contact status' })
  await expect(dialog.getByText('1 selected contact')).toBeVisible()
  await dialog.getByLabel(/^Status/).click()
  await page.getByRole('option', { name: status, exact: true }).click()
  await dialog.getByRole('button', { name: 'Change status' }).click()
  await expect(page.getByText('Status Updated Successfully.')).toBeVisible()
}

/**
 * Opens a stored PDF or image from its link, which leads to the file viewer in a new tab with no credentials in
 * its address, downloads it there and answers what was downloaded.
 */
export async function viewedFileText(page: Page, link: Locator): Promise<string> {
  expect(await link.getAttribute('href')).toMatch(/^\/file-viewer\?fileName=[^&]+$/)
  const [viewer] = await Promise.all([page.context().waitForEvent('page'), link.click()])
  const download = viewer.getByRole('button', { name: 'Download' })
  await expect(download).toBeEnabled()
  const [file] = await Promise.all([viewer.waitForEvent('download'), download.click()])
  const text = await readFile((await file.path())!, 'utf8')
  await viewer.close()
  return text
}
