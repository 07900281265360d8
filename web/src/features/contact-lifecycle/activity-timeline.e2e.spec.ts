import { ActivityType } from '@crm/contracts'
import { expect, test, type APIRequestContext } from '@playwright/test'
import { admin, logIn } from '../../testing/e2e-steps'

const LOGGED = 25

/** A contact with 25 activities, made through the API (the form would take minutes). */
async function contactWithActivities(request: APIRequestContext): Promise<string> {
  const login = await request.post('/api/v1/auth/login-user', { data: admin })
  const headers = { authorization: `Bearer ${(await login.json()).token}` }
  const created = await request.post('/api/v1/contacts', {
    headers,
    data: { name: `Timeline Haulers ${Date.now()}`, organizationTypeId: 7 },
  })
  expect(created.status()).toBe(201)
  const contactId = (await created.json()).id as string
  for (let i = 1; i <= LOGGED; i++) {
    const logged = await request.post('/api/v1/activity', {
      headers,
      data: {
        contactId,
        activityType: i % 2 ? ActivityType.OutgoingCall : ActivityType.Email,
        subject: `Timeline activity ${String(i).padStart(2, '0')}`,
        notes: i === LOGGED ? 'A long note.\n'.repeat(12) : null,
        callData: i % 2 ? { duration: 3_725, outcome: 'Answered' } : null,
        occurredAt: new Date(Date.UTC(2026, 0, 1, 9, i)).toISOString(),
      },
    })
    expect(logged.status()).toBe(201)
  }
  // The page must open on a projected timeline, or the first page would hold fewer than 10.
  await expect
    .poll(async () => {
      const all = await request.get(`/api/v1/contact-activities-timeline/all?contactId=${contactId}&limit=100`, {
        headers,
      })
      return ((await all.json()).items ?? []).length
    })
    .toBe(LOGGED)
  return contactId
}

test('the activity timeline loads 10 at a time and the next page only on scrolling', async ({ page, request }) => {
  const contactId = await contactWithActivities(request)
  const timelineRequests: string[] = []
  page.on('request', (r) => {
    if (r.url().includes('/contact-activities-timeline')) timelineRequests.push(r.url())
  })
  await page.goto(`/contacts/${contactId}`)
  await logIn(page)
  const timeline = page.getByTestId('activity-timeline')
  const entries = timeline.getByRole('listitem', { name: /^Activity Timeline activity/ })
  await expect(entries).toHaveCount(10)
  await expect(entries.first()).toContainText('Timeline activity 25')
  await expect(entries.first()).toContainText('Follow Up 12')
  await expect(timeline.getByRole('button', { name: 'See full notes' })).toBeVisible()
  await expect(entries.nth(1)).toContainText('01/01/2026')
  await expect(entries.nth(2)).toContainText('Call time 1:02:05')
  // Nothing scrolled yet: only the first page was asked for.
  await page.waitForTimeout(1_000)
  expect(timelineRequests).toHaveLength(1)

  await timeline.evaluate((el) => el.scrollTo({ top: el.scrollHeight }))
  await expect(entries).toHaveCount(20)
  expect(timelineRequests).toHaveLength(2)
  expect(timelineRequests[1]).toContain('before=')
  await timeline.evaluate((el) => el.scrollTo({ top: el.scrollHeight }))
  await expect(entries).toHaveCount(LOGGED)
  await expect(timeline.getByText('No more activities available!')).toBeVisible()
  await expect(entries.last()).toContainText('Initial')
  expect(timelineRequests).toHaveLength(3)
})
