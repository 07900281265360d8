import { expect, test } from '@playwright/test'
import { logIn } from '../../testing/e2e-steps'

test('Ctrl+K, a DOT number and Enter open the contact from any screen', async ({ page }) => {
  await page.goto('/contacts')
  await logIn(page)
  const name = `Search Haulers ${Date.now()}`
  const dot = String(3_000_000 + Math.floor(Math.random() * 6_000_000))
  await page.getByRole('button', { name: 'New contact' }).click()
  const form = page.getByRole('dialog', { name: 'New contact' })
  await form.getByLabel(/^Name/).fill(name)
  await form.getByLabel(/^Organization type/).click()
  await page.getByRole('option', { name: 'Motor Carrier' }).click()
  await form.getByLabel(/^US DOT/).fill(dot)
  await form.getByRole('button', { name: 'Create contact' }).click()
  await expect(page.getByText('Contact created!')).toBeVisible()
  await expect(form).toHaveCount(0)

  await page.getByRole('main').click()
  await page.keyboard.press('Control+k')
  const search = page.getByRole('combobox', { name: 'Search contacts' })
  await expect(search).toBeFocused()
  // Enter right after typing, before the hits are in: the first hit of the DOT number opens once they arrive.
  await page.keyboard.type(dot)
  await page.keyboard.press('Enter')

  await expect(page).toHaveURL(/\/contacts\/[0-9a-f-]{36}$/)
  await expect(page.getByRole('heading', { name })).toBeVisible()
  await expect(search).toHaveValue('')

  // '/' focuses it too; the dropdown shows what tells contacts apart, and says when nothing matches.
  await page.getByRole('main').click()
  await page.keyboard.press('/')
  await expect(search).toBeFocused()
  await page.keyboard.type(name.slice(7, 20).toUpperCase())
  await expect(page.getByRole('option', { name: new RegExp(name) })).toContainText(`DOT ${dot}`)
  await page.keyboard.press('ControlOrMeta+a')
  await page.keyboard.type('zzqx nothing here')
  await expect(page.getByRole('listbox', { name: 'Contacts found' })).toContainText('No records found')
  await page.keyboard.press('Escape')
  await expect(page.getByRole('listbox', { name: 'Contacts found' })).toBeHidden()
})
