import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test'
import { admin, logIn } from './e2e-steps'
import { PHONE, TABLET, expectAccessible, expectFitsScreen } from './page-checks'

/**
 * The windows that need data before they open (a selection on a list, a contact with an email, an activity to
 * edit), at the phone and tablet sizes reps use on the road: axe and the fit check on each. The windows that
 * open without data are in every-page.e2e.spec.ts; a payment, a load and the call windows are checked at
 * every size in their features' tests.
 */
async function twoContacts(request: APIRequestContext, tag: string) {
  const login = await (await request.post('/api/v1/auth/login-user', { data: admin })).json()
  const headers = { authorization: `Bearer ${login.token}` }
  const ids: string[] = []
  for (const name of [`Window North ${tag}`, `Window South ${tag}`]) {
    const body = { name, organizationTypeId: 7, email: `dispatch.${ids.length}.${tag}@window-freight.example` }
    const created = await request.post('/api/v1/contacts', { headers, data: body })
    expect(created.status()).toBe(201)
    ids.push((await created.json()).id)
  }
  // Three calls: Give Up asks for three attempts before it opens.
  for (const attempt of [1, 2, 3]) {
    const activity = await request.post('/api/v1/activity', {
      headers,
      data: { contactId: ids[0], activityType: 10009, subject: `Call ${attempt} about the fleet ${tag}` },
    })
    expect(activity.status(), await activity.text()).toBe(201)
  }
  return ids
}

async function check(page: Page, dialog: Locator, what: string): Promise<void> {
  await expect(dialog).toBeVisible()
  await expectAccessible(page, what)
  await expectFitsScreen(page, what)
  await page.keyboard.press('Escape')
  await expect(dialog).toHaveCount(0)
}

for (const size of [PHONE, TABLET]) {
  test(`the windows that need data are accessible and fit at ${size.width} × ${size.height}`, async ({
    page,
    request,
  }) => {
    test.slow()
    await page.setViewportSize(size)
    const tag = `${size.width}-${Date.now().toString(36)}`
    const [first] = (await twoContacts(request, tag)) as [string, string]
    await page.goto('/contacts')
    await logIn(page)

    // A list's bulk actions, on two selected rows.
    await page.getByPlaceholder('Search by name').fill(tag)
    await page.getByPlaceholder('Search by name').press('Enter')
    for (const side of ['North', 'South']) {
      await page
        .getByRole('listitem')
        .filter({ hasText: `Window ${side} ${tag}` })
        .getByRole('checkbox', { name: 'Select row' })
        .or(page.getByRole('row', { name: new RegExp(`Window ${side} ${tag}`) }).getByRole('checkbox'))
        .first()
        .check()
    }
    const bulk: [action: string, title: string][] = [
      ['Assign With Task', 'Assign With Task'],
      ['Combine Contacts', 'Combine Contacts'],
      ['Change Contact Status', 'Change contact status'],
      ['Send Email', 'Email marketing'],
      ['Delete', 'Delete Contacts'],
    ]
    for (const [action, title] of bulk) {
      if (size.width < 640) {
        await page.getByRole('button', { name: 'Actions' }).click()
        await page.getByRole('menuitem', { name: action, exact: true }).click()
      } else {
        await page.getByRole('button', { name: action, exact: true }).click()
      }
      await check(page, page.getByRole('dialog', { name: title }), `the ${title} window`)
    }
    await page.goto('/recent-leads')
    await expect(page.getByRole('heading', { level: 1, name: 'New Leads' })).toBeVisible()
    if (size.width < 640) {
      await page.getByRole('button', { name: 'Actions' }).click()
      await page.getByRole('menuitem', { name: 'Import Leads', exact: true }).click()
    } else {
      await page.getByRole('button', { name: 'Import Leads', exact: true }).click()
    }
    await check(page, page.getByRole('dialog', { name: 'Import New Leads' }), 'the Import New Leads window')

    // A contact's windows: its status actions, notes, mail and activity.
    await page.goto(`/contacts/${first}`)
    await expect(page.getByRole('heading', { level: 1, name: `Window North ${tag}` })).toBeVisible()
    const bar = page.getByRole('toolbar', { name: 'Contact status' })
    for (const [button, title] of [
      ['Dead', 'Mark as Dead'],
      ['NQ', 'Mark as Not Qualified'],
      ['Give Up', 'Give up'],
    ] as const) {
      await bar.getByRole('button', { name: button, exact: true }).click()
      await check(page, page.getByRole('dialog', { name: title }), `the ${title} window`)
    }
    const onPage: [button: string, title: string][] = [
      ['Mark out of business', 'Out of business'],
      ['Add note', 'Shared note'],
      ['Add comment', 'Comment'],
      ['Send Email', `Send Email to Window North ${tag}`],
      ['Edit activity', 'Edit Activity'],
      ['Set inactive', 'Set activity inactive'],
      ['Erase personal data', 'Erase Personal Data'],
    ]
    for (const [button, title] of onPage) {
      await page.getByRole('button', { name: button, exact: true }).first().click()
      await check(page, page.getByRole('dialog', { name: title }), `the ${title} window`)
    }
  })
}
