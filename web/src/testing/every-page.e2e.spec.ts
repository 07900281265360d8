import { expect, test, type Page } from '@playwright/test'
import { createAndOpenContact, logIn } from './e2e-steps'
import { DESKTOP, PHONE, expectAccessible, expectFitsScreen } from './page-checks'

/** Every screen a signed-in user can open, with what shows that it has loaded. */
const pages: { path: string; ready: (page: Page) => ReturnType<Page['getByRole']> }[] = [
  { path: '/', ready: (p) => p.getByRole('heading', { level: 1 }) },
  { path: '/contacts', ready: (p) => p.getByRole('heading', { name: 'All Contacts' }) },
  { path: '/recent-leads', ready: (p) => p.getByRole('heading', { name: 'New Leads' }) },
  { path: '/to-reassign', ready: (p) => p.getByRole('heading', { name: 'To Reassign' }) },
  { path: '/calendar', ready: (p) => p.getByRole('heading', { name: 'Calendar' }) },
  { path: '/status-changes', ready: (p) => p.getByRole('heading', { name: 'Status changes' }) },
  { path: '/profile', ready: (p) => p.getByRole('heading', { name: 'Administrator' }) },
  { path: '/admin/users', ready: (p) => p.getByRole('heading', { name: 'Users' }) },
  { path: '/admin/divisions', ready: (p) => p.getByRole('heading', { name: 'Divisions' }) },
  { path: '/admin/system-config', ready: (p) => p.getByRole('heading', { name: 'System configuration' }) },
  { path: '/admin/mail-outbox', ready: (p) => p.getByRole('heading', { name: 'Mail outbox' }) },
]

for (const size of [DESKTOP, PHONE]) {
  test.describe(`at ${size.width} × ${size.height}`, () => {
    test.use({ viewport: size })

    test('the sign-in page is accessible and fits the screen', async ({ page }) => {
      await page.goto('/login')
      await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible()
      await expectAccessible(page, '/login')
      await expectFitsScreen(page, '/login')
    })

    test('every page is accessible and fits the screen', async ({ page }) => {
      await page.goto('/contacts')
      await logIn(page)
      for (const { path, ready } of pages) {
        await page.goto(path)
        await expect(ready(page)).toBeVisible()
        await expectAccessible(page, path)
        await expectFitsScreen(page, path)
      }
    })

    test('the windows reps open most are accessible and fit the screen', async ({ page }) => {
      await page.goto('/contacts')
      await logIn(page)
      const windows: [path: string, button: string, title: string][] = [
        ['/contacts', 'New contact', 'New contact'],
        ['/contacts', 'Advance Search', 'Advanced Search'],
        ['/', 'New task', 'New task'],
      ]
      for (const [path, button, title] of windows) {
        await page.goto(path)
        await page.getByRole('button', { name: button }).first().click()
        const dialog = page.getByRole('dialog', { name: title })
        await expect(dialog).toBeVisible()
        await expectAccessible(page, `the ${title} window`)
        await expectFitsScreen(page, `the ${title} window`)
        await dialog.getByRole('button', { name: 'Close' }).click()
        await expect(dialog).toHaveCount(0)
      }
    })

    test('a contact page and its windows are accessible and fit the screen', async ({ page, context }) => {
      await page.goto('/contacts')
      await logIn(page)
      const contact = await createAndOpenContact(page, context, `Every Page Freight ${Date.now()}`)
      await contact.setViewportSize(size)
      await expectAccessible(contact, 'a contact page')
      await expectFitsScreen(contact, 'a contact page')
      await contact.getByRole('button', { name: 'Edit' }).click()
      await expectAccessible(contact, 'the Edit contact window')
      await expectFitsScreen(contact, 'the Edit contact window')
    })
  })
}
