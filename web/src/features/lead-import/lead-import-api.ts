import {
  POSITION_HEADER,
  leadImportMessages,
  type CancelAccepted,
  type JobStatus,
  type LeadImportSummary,
  type UploadAccepted,
} from '@crm/contracts'
import { queryOptions } from '@tanstack/react-query'
import { api, apiFetch } from '../../lib/api'
import { isApiError } from '../../lib/api-error'
import { saveFile } from '../../lib/fetch-file'
import { positions } from '../../lib/positions'

/** POST /contacts/upload-new-leads as multipart (the JSON client does not send files). */
export async function uploadLeads(file: File): Promise<UploadAccepted> {
  const form = new FormData()
  form.append('file', file)
  const response = await apiFetch('/contacts/upload-new-leads', {
    method: 'POST',
    body: form,
    fallbackTitle: leadImportMessages.csvOnly,
  })
  const body: unknown = await response.json().catch(() => ({ title: leadImportMessages.csvOnly }))
  // The import is recorded before it runs: its first poll must see it.
  positions.remember(response.headers.get(POSITION_HEADER))
  return body as UploadAccepted
}

export const importJobStatus = (jobId: string) => api.get<JobStatus>(`/jobs/lead-import/${encodeURIComponent(jobId)}`)

/** Asks the worker to stop after the chunk in flight; every committed chunk stays. */
export const cancelImport = (jobId: string) =>
  api.post<CancelAccepted>(`/lead-imports/${encodeURIComponent(jobId)}/cancel`)

/** Saves the CSV of the rows an import refused (line in the file, name, why). */
export async function downloadRefusedRows(jobId: string): Promise<boolean> {
  let response: Response
  try {
    response = await apiFetch(`/lead-imports/${encodeURIComponent(jobId)}/refused-rows`)
  } catch (error) {
    if (isApiError(error)) return false
    throw error
  }
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'refused-rows.csv'
  saveFile(await response.blob(), name)
  return true
}

/** The caller's recent imports: the window follows an unfinished one again (after a restart, or when reopened). */
export const recentImportsQuery = () =>
  queryOptions({
    queryKey: ['lead-imports'],
    queryFn: () => api.get<{ rows: LeadImportSummary[] }>('/lead-imports'),
  })

/** docs/product.md: CSV only. Checked before upload so the button stays disabled without a valid file. */
export const isCsvFile = (file: File | null): file is File =>
  file !== null && (/\.csv$/i.test(file.name) || file.type === 'text/csv')

/** Rough row count and working hours, for the "over 1000 rows in working hours" warning before upload. */
export async function countRows(file: File): Promise<number> {
  const text = await file.text()
  return Math.max(0, text.split(/\r?\n/).filter((l) => l.trim() !== '').length - 1)
}
export const inWorkingHours = (now = new Date()) =>
  now.getDay() >= 1 && now.getDay() <= 5 && now.getHours() >= 8 && now.getHours() < 18
