import { expect, test, type Page } from '@playwright/test'
import { logIn } from '../../testing/e2e-steps'

import { expectWindowOnEverySize } from '../../testing/page-checks'
/** A call of the page's own session to the API (the test sets up what the story does not cover: the contact). */
const apiAs = (page: Page, method: string, url: string, body?: unknown) =>
  page.evaluate(
    async ([method, url, body]) => {
      const response = await fetch(`/api/v1${url}`, {
        method: method as string,
        headers: { authorization: `Bearer ${sessionStorage.getItem('token')}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      })
      return response.json()
    },
    [method, url, body] as const,
  )

test('connect RingCentral from the profile, call a contact, save the call Answered and see it on the timeline', async ({
  page,
  baseURL,
}) => {
  // RingCentral sends the browser back to PUBLIC_URL (localhost by default): the story runs on that origin.
  const origin = `http://localhost:${new URL(baseURL!).port}`
  await page.goto(`${origin}/profile`)
  await logIn(page)
  await page.getByLabel('Active phone (for calls)').fill('3125550100')
  await page.getByLabel('Office extension').fill('101')
  await page.getByRole('button', { name: 'Save profile' }).click()
  await expect(page.getByText('Data is saved')).toBeVisible()

  await page.getByRole('button', { name: 'Connect RingCentral' }).click()
  await expect(page.getByRole('heading', { name: 'Sign in to RingCentral' })).toBeVisible()
  await page.getByRole('button', { name: 'Authorize' }).click()
  await expect(page.getByText('Successfully logged in!')).toBeVisible()
  await page.getByRole('link', { name: 'Back to home' }).click()

  const name = `Ring Haulers ${Date.now()}`
  const { id } = await apiAs(page, 'POST', '/contacts', {
    name,
    organizationTypeId: 7,
    businessPhone: '(312) 555-0142',
  })
  await page.goto(`${origin}/contacts/${id}`)
  await expect(page.getByRole('heading', { name })).toBeVisible()
  await page.getByRole('button', { name: 'Call (312) 555-0142' }).click()

  const window = page.getByRole('dialog', { name: 'Edit Activity' })
  await expect(window.getByTestId('call-state')).toHaveText('Answered: on the call', { timeout: 15_000 })
  await window.getByLabel('Subject').fill('Pricing call')
  await window.getByLabel('Call time (h:mm:ss)').fill('0:01:35')
  await expect(window.getByLabel('Call', { exact: true })).toHaveText('Answered')
  await expectWindowOnEverySize(page, 'the call window')
  await window.getByRole('button', { name: 'Ok' }).click()
  await expect(page.getByText('Data is saved')).toBeVisible()
  await expect(window).toHaveCount(0)

  await expect(page.getByText('Pricing call')).toBeVisible()
  await expect(page.getByText('0:01:35')).toBeVisible()
  const attempts = await apiAs(page, 'GET', `/activity/get-call-attempts?contactId=${id}`)
  expect(attempts.callAttempts).toBe(1)

  // The contact calls back: RingCentral notifies the product's webhook, the change feed pops the window.
  const fake = `http://127.0.0.1:${Number(new URL(baseURL!).port) + 400}`
  const ring = (status: string) =>
    fetch(`${fake}/fake/ring`, {
      method: 'POST',
      body: JSON.stringify({ from: '+1 312 555 0142', status, telephonySessionId: `e2e-${id}` }),
    })
  await expect
    .poll(async () => ((await (await ring('Setup')).json()) as { delivered: number[] }).delivered, { timeout: 15_000 })
    .toContain(200)
  const incoming = page.getByRole('dialog', { name: 'Incoming call' })
  await expect(incoming.getByRole('link', { name })).toBeVisible({ timeout: 15_000 })
  await ring('Answered')
  await expect(incoming.getByTestId('incoming-call-state')).toHaveText('Answered: on the call', { timeout: 15_000 })
  await incoming.getByLabel('Subject').fill('Called us back')
  await expectWindowOnEverySize(page, 'the Incoming call window')
  await incoming.getByRole('button', { name: 'Ok' }).click()
  await expect(incoming).toHaveCount(0)
  await expect(page.getByTestId('activity-timeline').getByText('Called us back')).toBeVisible()
})
