import { CONTACT_EXPORT_LIMIT, type ImportReport } from '@crm/contracts'
import { waitForPosition } from '@crm/platform'
import type { BenchRow } from './bench-row'
import type { BenchStack } from './bench-stack'

const EXEC = {
  userId: '00000000-0000-4000-8000-000000000002',
  divisionId: 15,
  permissions: ['executive', 'manager', 'upload-new-leads'],
}
const HEADER =
  'usdot,mc,name_and_safer_name,business_phone,email,street_1,city,state,zip,source,date_entered,trucks,drivers\n'

/** A lead CSV of `rows` carriers that are not in the CRM yet (DOT numbers above the generated ones). */
export function leadCsv(rows: number): Buffer {
  const states = [
    ['TX', '75001'],
    ['IL', '60601'],
    ['GA', '30301'],
    ['CA', '90001'],
    ['OH', '43004'],
  ]
  const lines = Array.from({ length: rows }, (_, i) => {
    const [state, zip] = states[i % states.length]!
    return `${5_000_000 + i},${3_000_000 + i},Imported Carrier ${i} LLC,555${String(i).padStart(7, '0')},ops${i}@carrier.example,${i} Route 66,City ${i % 300},${state},${zip},Bench,2025-03-01,${1 + (i % 40)},${1 + (i % 45)}`
  })
  return Buffer.from(HEADER + lines.join('\n') + '\n')
}

function multipart(content: Buffer) {
  const boundary = `----bench${Date.now()}`
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="leads.csv"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ])
  return { body, type: `multipart/form-data; boundary=${boundary}` }
}

/** Upload → background job → projection → the last row found through the list API. */
export async function measureImport(stack: BenchStack, rows: number): Promise<BenchRow[]> {
  const token = await stack.tokenFor(EXEC)
  const headers = { authorization: `Bearer ${token}`, 'x-division-id': '15' }
  const { body, type } = multipart(leadCsv(rows))
  const t = performance.now()
  const upload = await stack.app.inject({
    method: 'POST',
    url: '/api/v1/contacts/upload-new-leads',
    headers: { ...headers, 'content-type': type },
    payload: body,
  })
  if (upload.statusCode !== 202) throw new Error(`upload: ${upload.statusCode} ${upload.body}`)
  const { jobId } = upload.json()
  let report: ImportReport | undefined
  while (!report) {
    const status = (await stack.app.inject({ method: 'GET', url: `/api/v1/jobs/lead-import/${jobId}`, headers })).json()
    if (status.state === 'failed') throw new Error(`import failed: ${status.error}`)
    if (status.state === 'completed') report = status.result
    else await new Promise((r) => setTimeout(r, 200))
  }
  const appended = performance.now() - t
  await waitForPosition(stack.database.db, ['contact_search'], report.position!, 120_000)
  const options = encodeURIComponent(JSON.stringify({ filter: { dotNumber: String(5_000_000 + rows - 1) } }))
  const last = (
    await stack.app.inject({ method: 'GET', url: `/api/v1/contact-lists/recent-leads?options=${options}`, headers })
  ).json()
  const seconds = (performance.now() - t) / 1000
  if (last.total !== 1 || report.created !== rows)
    throw new Error(`import incomplete: ${JSON.stringify({ ...report, details: [] })}`)
  return [
    {
      name: `Import ${rows.toLocaleString('en-US')}-row CSV until visible in New Leads`,
      value: seconds,
      unit: 's',
      target: '< 60 s',
      pass: seconds < 60,
      note: `job done (events appended) after ${(appended / 1000).toFixed(1)} s`,
    },
    { name: 'Import throughput', value: rows / seconds, unit: 'rows/s' },
  ]
}

/** Streams the 50,000-row export over real HTTP and samples the process's memory while it runs. */
export async function measureExport(stack: BenchStack): Promise<BenchRow[]> {
  const token = await stack.tokenFor(EXEC)
  const address = await stack.app.listen({ port: 0, host: '127.0.0.1' })
  global.gc?.()
  const before = process.memoryUsage().rss
  let peak = before
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20)
  const t = performance.now()
  const options = encodeURIComponent(JSON.stringify({ filter: { statusId: 1 } }))
  const response = await fetch(`${address}/api/v1/contact-lists/contacts/export?options=${options}`, {
    headers: { authorization: `Bearer ${token}`, 'x-division-id': '15' },
  })
  let bytes = 0
  for await (const chunk of response.body!) bytes += (chunk as Uint8Array).length
  const seconds = (performance.now() - t) / 1000
  clearInterval(sampler)
  const mb = (n: number) => n / 1024 / 1024
  return [
    {
      name: `Export ${CONTACT_EXPORT_LIMIT.toLocaleString('en-US')} contacts to .xlsx (streamed)`,
      value: seconds,
      unit: 's',
      target: '< 15 s',
      pass: seconds < 15,
      note: `${mb(bytes).toFixed(1)} MB file`,
    },
    {
      // The bench process holds the whole stack (tsx, query API, projector, zip dataset) before the export
      // starts; what the export itself adds is the figure that must stay flat.
      name: 'Export peak memory added by the export (process RSS growth)',
      value: mb(peak - before),
      unit: 'MB',
      target: '< 300 MB',
      pass: mb(peak - before) < 300,
      note: `process RSS ${mb(before).toFixed(0)} MB before, ${mb(peak).toFixed(0)} MB at peak`,
    },
  ]
}
