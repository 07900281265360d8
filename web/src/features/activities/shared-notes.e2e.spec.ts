import { expect, test, type Locator, type Page } from '@playwright/test'
import { createAndOpenContact, logIn, viewedFileText } from '../../testing/e2e-steps'

async function logActivity(page: Page, activities: Locator, type: string, subject: string, duration?: string) {
  await activities.getByRole('button', { name: 'Log activity' }).click()
  await activities.getByRole('combobox', { name: 'Type' }).click()
  await page.getByRole('option', { name: type, exact: true }).click()
  await activities.getByLabel(/^Subject/).fill(subject)
  if (duration) await activities.getByLabel('Duration (h:mm:ss)').fill(duration)
  await activities.getByRole('button', { name: 'Save activity' }).click()
  await expect(activities.getByRole('listitem', { name: `Activity ${subject}` })).toBeVisible()
}

/** A toast (the contact's history card may show the same words). */
const toast = (page: Page, text: string) => page.getByRole('region', { name: /^Notifications/ }).getByText(text)

test('shared notes, comments, editing an activity and setting one inactive from the contact page', async ({
  page,
  context,
}) => {
  await page.goto('/contacts')
  await logIn(page)
  const contact = await createAndOpenContact(page, context, `Notes Haulers ${Date.now()}`)

  // Two activities, logged through the card's form; call time reads h:mm:ss.
  const activities = contact.getByRole('region', { name: 'Activities' })
  const timeline = contact.getByTestId('activity-timeline')
  await logActivity(contact, activities, 'Outgoing call', 'Intro call', '0:02:05')
  await logActivity(contact, activities, 'Email', 'Brochure sent')
  const call = timeline.getByRole('listitem', { name: 'Activity Intro call' })
  await expect(call).toContainText('Call time 0:02:05')

  // Edit the call from its timeline item: Edit Activity (clickToCall) with Ok and Send Email.
  await call.getByRole('button', { name: 'Edit activity' }).click()
  const edit = contact.getByRole('dialog', { name: 'Edit Activity' })
  await expect(edit.getByRole('button', { name: 'Send Email' })).toBeVisible()
  await expect(edit.getByLabel('Call duration (h:mm:ss)')).toHaveValue('0:02:05')
  await edit.getByLabel(/^Subject/).fill('Pricing call')
  await edit.getByLabel('Call duration (h:mm:ss)').fill('1:02:05')
  await edit.getByLabel('Notes').fill('Wants a quote for 12 trucks')
  await edit.getByRole('button', { name: 'Ok' }).click()
  await expect(toast(contact, 'Activity updated')).toBeVisible()
  await expect(edit).toHaveCount(0)
  const pricing = timeline.getByRole('listitem', { name: 'Activity Pricing call' })
  await expect(pricing).toContainText('Call time 1:02:05')
  await expect(pricing).toContainText('Wants a quote for 12 trucks')
  await expect(timeline.getByRole('listitem', { name: 'Activity Intro call' })).toHaveCount(0)

  // Set the email inactive, after confirming: it leaves the timeline.
  const email = timeline.getByRole('listitem', { name: 'Activity Brochure sent' })
  await email.getByRole('button', { name: 'Set inactive' }).click()
  const confirm = contact.getByRole('dialog', { name: 'Set activity inactive' })
  await confirm.getByRole('button', { name: 'Set inactive' }).click()
  await expect(toast(contact, 'Activity set inactive')).toBeVisible()
  await expect(email).toHaveCount(0)
  await expect(timeline.getByRole('listitem')).toHaveCount(1)

  // Shared notes: behind a toggle outside logistics; the note is required.
  const shared = contact.getByRole('region', { name: 'Shared notes' })
  await shared.getByRole('button', { name: 'Show' }).click()
  await expect(shared.getByText('No records found')).toBeVisible()
  await shared.getByRole('button', { name: 'Add note' }).click()
  const noteForm = contact.getByRole('dialog', { name: 'Shared note' })
  await noteForm.getByRole('button', { name: 'Save' }).click()
  await expect(noteForm.getByText('Please enter note')).toBeVisible()
  await noteForm.getByLabel('Subject').fill('Dock hours')
  await noteForm.getByLabel(/^Note/).fill('Receiving closes at 4pm')
  await noteForm.locator('input[type=file]').setInputFiles({
    name: 'dock-schedule.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4 dock schedule'),
  })
  await noteForm.getByRole('button', { name: 'Save' }).click()
  await expect(noteForm).toHaveCount(0)
  const note = shared.getByRole('listitem', { name: 'Shared note Dock hours' })
  await expect(note).toContainText('Receiving closes at 4pm')
  // The note's PDF opens in the file viewer (name cut to 10 characters, docs/product.md 9), and downloads there.
  const attachment = note.getByRole('link', { name: 'dock-sched…' })
  await expect(attachment).toHaveAttribute('title', 'dock-schedule.pdf')
  expect(await viewedFileText(contact, attachment)).toBe('%PDF-1.4 dock schedule')

  // A comment (subject optional), listed, then deleted by its author.
  const comments = contact.getByRole('region', { name: 'Comments' })
  await comments.getByRole('button', { name: 'Add comment' }).click()
  const commentForm = contact.getByRole('dialog', { name: 'Comment' })
  await commentForm.getByLabel(/^Note/).fill('Owner is on vacation until Monday')
  await commentForm.getByRole('button', { name: 'Save' }).click()
  await expect(toast(contact, 'Comment added')).toBeVisible()
  const comment = comments.getByRole('listitem', { name: /^Comment Owner is on vacation/ })
  await expect(comment).toBeVisible()
  await comment.getByRole('button', { name: 'Delete' }).click()
  await expect(comments.getByText('No records found')).toBeVisible()
})
