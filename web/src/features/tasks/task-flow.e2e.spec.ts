import { expect, test, type APIRequestContext } from '@playwright/test'
import { admin, logIn, viewedFileText } from '../../testing/e2e-steps'

// The rep's clock: "17:00" and "N days from now" are read on it, in the browser and on the server alike.
const ZONE = 'America/Chicago'
test.use({ timezoneId: ZONE })

/** A contact made through the API, and the division's startAFollowUp read from its system config. */
async function setUp(request: APIRequestContext) {
  const login = await (await request.post('/api/v1/auth/login-user', { data: admin })).json()
  const headers = { authorization: `Bearer ${login.token}` }
  const created = await request.post('/api/v1/contacts', {
    headers,
    data: { name: `Task Flow Freight ${Date.now()}`, organizationTypeId: 7 },
  })
  expect(created.status()).toBe(201)
  const config = await request.get(`/api/v1/system-config/${login.user.divisionId}`, { headers })
  expect(config.status()).toBe(200)
  const { startAFollowUp } = (await config.json()) as { startAFollowUp: number }
  return { contactId: (await created.json()).id as string, startAFollowUp, headers }
}

/** The local calendar day `days` after today in ZONE, as MM/DD/YYYY (the display) and YYYY-MM-DD (the URL). */
function localDay(days: number) {
  const [y, m, d] = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date()).split('-').map(Number)
  const day = new Date(Date.UTC(y!, m! - 1, d! + days))
  const two = (n: number) => String(n).padStart(2, '0')
  const [yy, mm, dd] = [day.getUTCFullYear(), two(day.getUTCMonth() + 1), two(day.getUTCDate())]
  return { display: `${mm}/${dd}/${yy}`, key: `${yy}-${mm}-${dd}` }
}

test('a task with an attachment is completed with Follow up and a file, logged, followed up and found on the calendar', async ({
  page,
  request,
}) => {
  const { contactId, startAFollowUp } = await setUp(request)
  const subject = `Quote reefer lease ${Date.now()}`
  await page.goto(`/contacts/${contactId}`)
  await logIn(page)

  // Create the task from the contact page, with a file; the window shows the success, then closes after 2 s.
  const tasks = page.getByRole('region', { name: 'Tasks' })
  await tasks.getByRole('button', { name: 'New task' }).click()
  const form = page.getByRole('dialog', { name: 'New task' })
  await expect(form.getByLabel('Due date')).toHaveValue(`${localDay(0).key}T17:00`)
  // Due tomorrow: after 5 PM in ZONE the default would already be Past Due, and the run's hour must not matter.
  await form.getByLabel('Due date').fill(`${localDay(1).key}T17:00`)
  await form.getByLabel(/^Subject/).fill(subject)
  await form.locator('input[type=file]').setInputFiles({
    name: 'rates.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4 rate sheet'),
  })
  await expect(form.getByRole('list', { name: 'Chosen attachments' })).toContainText('rates.pdf')
  await form.getByRole('button', { name: 'Create task' }).click()
  await expect(form.getByRole('status')).toContainText('Task created')
  const shownAt = Date.now()
  await expect(form).toBeHidden({ timeout: 5_000 })
  expect(Date.now() - shownAt).toBeGreaterThan(1_500)

  // The card lists it On Schedule; opened, it holds the uploaded file.
  const created = tasks.getByRole('listitem', { name: `Task ${subject}` })
  await expect(created).toContainText('On Schedule')
  await created.getByRole('button', { name: subject, exact: true }).click()
  const task = page.getByRole('dialog', { name: 'Task', exact: true })
  await expect(task.getByLabel(/^Subject/)).toHaveValue(subject)
  const stored = task.getByRole('link', { name: 'rates.pdf' })
  // A PDF opens in the file viewer, whose address carries no credentials, and downloads from there.
  expect(await viewedFileText(page, stored)).toBe('%PDF-1.4 rate sheet')
  await task.getByRole('button', { name: 'Cancel' }).click()

  // Complete it with Follow up: due startAFollowUp days from today at 17:00, as the preview says.
  const followUpDay = localDay(startAFollowUp)
  await created.getByRole('button', { name: `Complete ${subject}` }).click()
  const complete = page.getByRole('dialog', { name: 'Complete task' })
  await complete.getByRole('button', { name: 'Complete', exact: true }).click()
  await expect(complete.getByText('Please Enter Note')).toBeVisible()
  await complete.getByRole('radio', { name: /^Follow up/ }).check()
  await expect(complete.getByText(`Follow-up task due ${followUpDay.display} 05:00 PM`)).toBeVisible()
  await complete.getByLabel(/^Notes/).fill('Sent the rate sheet; call back about the lease.')
  // The completion takes a file of its own (multipart); the window shows it as chosen, cut to 10 characters.
  await expect(complete.getByText('Task files:')).toContainText('rates.pdf')
  await complete.locator('input[type=file]').setInputFiles({
    name: 'signed-lease-2025.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4 signed lease'),
  })
  await expect(complete.getByRole('list', { name: 'Chosen attachments' })).toContainText('signed-lea…')
  await complete.getByRole('button', { name: 'Complete', exact: true }).click()
  await expect(complete).toBeHidden()

  // The activity is on the timeline with its label and both files, the task's and the completion's, their
  // names cut to 10 characters (docs/product.md 9); the completed task and its follow-up are on the card.
  const activity = page.getByTestId('activity-timeline').getByRole('listitem', { name: `Activity ${subject}` })
  await expect(activity).toContainText('Initial')
  await expect(activity).toContainText('Sent the rate sheet')
  const files = activity.getByRole('list', { name: 'Attachments' }).getByRole('link')
  await expect(files).toHaveText(['rates.pdf', 'signed-lea…'])
  await expect(files.nth(1)).toHaveAttribute('title', 'signed-lease-2025.pdf')
  // The timeline's PDF links open them in the file viewer.
  expect(await viewedFileText(page, files.nth(1))).toBe('%PDF-1.4 signed lease')
  const rows = tasks.getByRole('listitem', { name: `Task ${subject}` })
  await expect(rows).toHaveCount(2)
  await expect(rows.filter({ hasText: 'Completed' })).toHaveCount(1)
  const followUp = rows.filter({ hasText: 'On Schedule' })
  await expect(followUp).toContainText(`due ${followUpDay.display} 05:00 PM`)

  // The follow-up is on the calendar that day at 5 PM; clicking it opens the task with Complete.
  await page.goto(`/calendar?view=day&date=${followUpDay.key}`)
  await page.getByRole('button', { name: `Task ${subject}` }).click()
  const opened = page.getByRole('dialog', { name: 'Task', exact: true })
  await expect(opened.getByLabel(/^Subject/)).toHaveValue(subject)
  await opened.getByRole('button', { name: 'Complete', exact: true }).click()
  await expect(page.getByRole('dialog', { name: 'Complete task' })).toContainText(subject)
  await page.getByRole('dialog', { name: 'Complete task' }).getByRole('button', { name: 'Cancel' }).click()

  // The dashboard's panel has it under All and Meetings Only (a task is a meeting by default), not Past Due.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click()
  const panel = page.getByRole('region', { name: 'My tasks' })
  await expect(panel.getByRole('listitem', { name: `Task ${subject}` })).toContainText(`due ${followUpDay.display}`)
  await panel.getByRole('tab', { name: 'Meetings Only' }).click()
  await expect(panel.getByRole('listitem', { name: `Task ${subject}` })).toBeVisible()
  await panel.getByRole('tab', { name: 'Past Due' }).click()
  // Loaded (an empty list, or a page count) before asserting what is absent.
  await expect(panel.getByRole('tabpanel').getByText(/^No records found$|^\d+ of \d+$/)).toBeVisible()
  await expect(panel.getByRole('listitem', { name: `Task ${subject}` })).toHaveCount(0)
})
