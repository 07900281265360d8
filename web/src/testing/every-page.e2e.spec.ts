import { expect, test, type Page } from '@playwright/test'
import { createAndOpenContact, logIn } from './e2e-steps'
import { DESKTOP, PHONE, SMALL_PHONE, TABLET, expectAccessible, expectFitsScreen } from './page-checks'

/** Every screen a signed-in user can open, with the heading that shows it has loaded. */
const pages: { path: string; heading: string | RegExp }[] = [
  { path: '/', heading: /^Good (morning|afternoon|evening)/ },
  { path: '/contacts', heading: 'All Contacts' },
  { path: '/recent-leads', heading: 'New Leads' },
  { path: '/to-reassign', heading: 'To Reassign' },
  { path: '/collection-list', heading: 'Collection List' },
  { path: '/calendar', heading: 'Calendar' },
  { path: '/status-changes', heading: 'Status changes' },
  { path: '/opportunity-dashboard', heading: 'Opportunity dashboard' },
  { path: '/referrals', heading: 'Referrals' },
  { path: '/customer-logistics/all-customers', heading: 'All Customers' },
  { path: '/ts-dealers', heading: 'Dealers' },
  { path: '/expenses', heading: 'Expenses' },
  { path: '/website-credit-applications', heading: /credit applications$/ },
  { path: '/emails/templates', heading: 'Email templates' },
  { path: '/emails/history', heading: 'Email history' },
  { path: '/emails/marketing', heading: 'Email marketing' },
  { path: '/profile', heading: 'Administrator' },
  { path: '/sign-in-as', heading: 'Sign in as another user' },
  { path: '/admin/users', heading: 'Users' },
  { path: '/admin/divisions', heading: 'Divisions' },
  { path: '/admin/system-config', heading: 'System configuration' },
  { path: '/admin/mail-outbox', heading: 'Mail outbox' },
  { path: '/file-viewer', heading: 'No document' },
]

/** The Reports section's screens: a test of their own, so that each test stays within its time. */
const reportPages: typeof pages = [
  { path: '/reports', heading: 'Sales metrics' },
  { path: '/reports/activity-summaries', heading: 'Activity summaries' },
  { path: '/reports/account-insights', heading: 'Account insights' },
  { path: '/reports/us-map', heading: 'US map' },
  { path: '/reports/tasks', heading: 'Task report' },
]

/** Waits for a page's heading and for its lists to have loaded (nothing marked busy). */
async function loaded(page: Page, heading: string | RegExp): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0)
}

// Each test walks many screens, with axe on each (a second or more apiece on a busy machine).
test.describe.configure({ timeout: 240_000 })

for (const size of [DESKTOP, PHONE, TABLET]) {
  test.describe(`at ${size.width} × ${size.height}`, () => {
    test.use({ viewport: size })

    test('the signed-out pages are accessible and fit the screen', async ({ page }) => {
      await page.goto('/login')
      await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible()
      await expectAccessible(page, '/login')
      await expectFitsScreen(page, '/login')
      // /change-password is public: signed out it asks for the email beside the current password.
      await page.goto('/change-password')
      await expect(page.getByLabel('Email')).toBeVisible()
      await expect(page.getByLabel('Current password')).toBeVisible()
      await expectAccessible(page, '/change-password')
      await expectFitsScreen(page, '/change-password')
      // The public credit application form carriers fill in from the website.
      await page.goto('/apply-for-credit')
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await expectAccessible(page, '/apply-for-credit')
      await expectFitsScreen(page, '/apply-for-credit')
    })

    for (const [name, list] of [
      ['every page', pages],
      ['every report', reportPages],
    ] as const) {
      test(`${name} is accessible and fits the screen`, async ({ page }) => {
        // Many pages, each checked with axe: more than the default minute on a busy machine.
        test.slow()
        await page.goto('/contacts')
        await logIn(page)
        for (const { path, heading } of list) {
          await page.goto(path)
          await loaded(page, heading)
          await expectAccessible(page, path)
          await expectFitsScreen(page, path)
        }
      })
    }

    test('the windows opened from the list pages are accessible and fit the screen', async ({ page }) => {
      await page.goto('/contacts')
      await logIn(page)
      const windows: [path: string, button: string, title: string][] = [
        ['/contacts', 'New contact', 'New contact'],
        ['/contacts', 'Advance Search', 'Advanced Search'],
        ['/', 'New task', 'New task'],
        ['/', 'Call log', 'Call log'],
        ['/calendar', 'Meeting', 'New meeting'],
        ['/customer-logistics/all-customers', 'New customer', 'New customer'],
        ['/ts-dealers', 'Add dealer', 'Add dealer: duplicate check'],
        ['/expenses', 'Add expense', 'Add expense'],
        ['/emails/templates', 'New template', 'New email template'],
        ['/admin/users', 'New user', 'New user'],
        ['/admin/divisions', 'New division', 'New division'],
      ]
      for (const [path, button, title] of windows) {
        await page.goto(path)
        await page.getByRole('button', { name: button, exact: true }).first().click()
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
      const windows: [button: string, title: string][] = [
        ['Change status', 'Change contact status'],
        ['Possible duplicates', 'Possible Duplicates'],
        ['New task', 'New task'],
        ['Refer', 'Referral'],
        ['Timeline', 'Referral timeline'],
        ['New opportunity', 'New opportunity'],
      ]
      for (const [button, title] of windows) {
        await contact.getByRole('button', { name: button, exact: true }).first().click()
        const dialog = contact.getByRole('dialog', { name: title })
        await expect(dialog).toBeVisible()
        await expectAccessible(contact, `the ${title} window`)
        await expectFitsScreen(contact, `the ${title} window`)
        await dialog.getByRole('button', { name: 'Close' }).first().click()
        await expect(dialog).toHaveCount(0)
      }
      // Convert, with its field messages showing: a Lead converts once it has an activity.
      const activities = contact.getByRole('region', { name: 'Activities' })
      await activities.getByRole('button', { name: 'Log activity' }).click()
      await activities.getByLabel(/^Subject/).fill('First call')
      await activities.getByRole('button', { name: 'Save activity' }).click()
      await expect(activities.getByText('First call')).toBeVisible()
      await contact.getByRole('toolbar', { name: 'Contact status' }).getByRole('button', { name: 'Convert' }).click()
      await contact.getByRole('menuitem', { name: 'To Prospect' }).click()
      const convert = contact.getByRole('dialog', { name: 'Convert contact' })
      await convert.getByRole('button', { name: 'Convert', exact: true }).click()
      await expect(convert.getByText('Please select grade')).toBeVisible()
      await expectAccessible(contact, 'the Convert window with its messages')
      await expectFitsScreen(contact, 'the Convert window with its messages')
      await convert.getByRole('button', { name: 'Close' }).first().click()
      await expect(convert).toHaveCount(0)

      await contact.getByRole('button', { name: 'Edit', exact: true }).click()
      await expectAccessible(contact, 'the Edit contact window')
      await expectFitsScreen(contact, 'the Edit contact window')
    })
  })
}

test.describe(`at ${SMALL_PHONE.width} × ${SMALL_PHONE.height}`, () => {
  test.use({ viewport: SMALL_PHONE })

  test('every page and a contact page fit the narrowest phone', async ({ page, context }) => {
    await page.goto('/contacts')
    await logIn(page)
    for (const { path, heading } of pages) {
      await page.goto(path)
      await loaded(page, heading)
      await expectFitsScreen(page, path)
    }
    await page.goto('/contacts')
    const contact = await createAndOpenContact(page, context, `Narrow Phone Freight ${Date.now()}`)
    await contact.setViewportSize(SMALL_PHONE)
    await expectFitsScreen(contact, 'a contact page')
  })
})
