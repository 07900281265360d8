import { expect, test } from '@playwright/test'
import { readFile } from 'node:fs/promises'
import { logIn } from '../../testing/e2e-steps'

const stamp = Date.now().toString(36)
const LEADS = 25

/** A lead CSV of docs/product.md's headers: LEADS carriers of this run, and one row without its required date. */
function leadCsv(): Buffer {
  const header = 'usdot,mc,name_and_safer_name,business_phone,city,state,zip,date_entered,trucks'
  const dotBase = 7_000_000 + (Date.now() % 1_000_000) * 10
  const rows = Array.from(
    { length: LEADS },
    (_, i) =>
      `${dotBase + i},MC-${dotBase + i},Imp ${stamp} Carrier ${i + 1},5550100${i % 10},Tulsa,OK,74103,2026-11-02,${i + 1}`,
  )
  return Buffer.from([header, ...rows, `,,Imp ${stamp} No Date,,,,,,`].join('\n'))
}

test('imports a lead CSV from New Leads with a progress bar and a report, and a second import creates none', async ({
  page,
}) => {
  const csv = { name: `leads-${stamp}.csv`, mimeType: 'text/csv', buffer: leadCsv() }
  await page.goto('/recent-leads')
  await logIn(page)

  const importOnce = async () => {
    await page.getByRole('button', { name: 'Import Leads' }).click()
    const modal = page.getByRole('dialog', { name: 'Import New Leads' })
    const upload = modal.getByRole('button', { name: 'Upload' })
    await expect(upload).toBeDisabled()
    await modal.getByLabel('CSV file').setInputFiles(csv)
    await expect(modal).toContainText(`${LEADS + 1} rows`)
    await upload.click()
    await expect(modal.getByRole('progressbar', { name: 'Import progress' })).toHaveAttribute('aria-valuenow', '100')
    return modal
  }

  const first = await importOnce()
  await expect(first).toContainText(`${LEADS} created, 0 updated, 1 skipped of ${LEADS + 1} rows`)
  await expect(first).toContainText('No Date')
  await expect(first).toContainText(`${LEADS + 1} of ${LEADS + 1} rows read`)
  // The refused row, as a file: its line in the CSV (the header is line 1) and why.
  const download = page.waitForEvent('download')
  await first.getByRole('button', { name: /Download the skipped rows/ }).click()
  const file = await download
  expect(file.suggestedFilename()).toBe(`leads-${stamp}-refused-rows.csv`)
  const lines = (await readFile(await file.path())).toString().trim().split(/\r?\n/)
  expect(lines).toEqual(['line,name,reason', `${LEADS + 2},Imp ${stamp} No Date,Missing or unreadable date_entered`])
  await first.getByRole('button', { name: 'Close', exact: true }).last().click()

  // The new leads are in the list at once.
  await page.getByPlaceholder('Search by name').fill(`Imp ${stamp} Carrier`)
  await expect(page.getByText(`1–5 of ${LEADS}`)).toBeVisible()
  // Names sort descending by default (docs/product.md 9): 'Carrier 9' leads the first page.
  await expect(page.getByRole('link', { name: `Imp ${stamp} Carrier 9`, exact: true })).toBeVisible()

  // The same file again: every carrier is matched by DOT, none is created twice.
  const second = await importOnce()
  await expect(second).toContainText(`0 created`)
  await expect(second).toContainText(`of ${LEADS + 1} rows`)
  await second.getByRole('button', { name: 'Close', exact: true }).last().click()
  await page.reload()
  await expect(page.getByText(`1–5 of ${LEADS}`)).toBeVisible()
})
