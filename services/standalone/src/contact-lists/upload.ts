import type { ListHarness } from './list-harness'

/** POST /contacts/upload-new-leads with one file, as a browser's FormData sends it. */
export function uploadCsv(
  h: ListHarness,
  user: string,
  fileName: string,
  content: Buffer | string,
  contentType = 'text/csv',
) {
  const boundary = `----crm${Date.now()}`
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    ),
    Buffer.from(content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ])
  return h.app.inject({
    method: 'POST',
    url: '/api/v1/contacts/upload-new-leads',
    headers: { authorization: `Bearer ${h.tokens[user]}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: body,
  })
}

/** Polls GET /jobs/lead-import/{id} until the job is done; returns its last status. */
export async function waitForJob(h: ListHarness, user: string, jobId: string, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs
  const progress: number[] = []
  for (;;) {
    const status = (await h.request(user, 'GET', `/api/v1/jobs/lead-import/${jobId}`)).json()
    progress.push(status.progress)
    if (status.state === 'completed' || status.state === 'failed' || status.state === 'cancelled')
      return { ...status, seen: progress }
    if (Date.now() > until) throw new Error(`job still ${status.state}`)
    await new Promise((r) => setTimeout(r, 50))
  }
}
