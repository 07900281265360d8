import type { ListQuery } from '@crm/contracts'
import { encodeListOptions } from '../../components/data-table/list-query-codec'
import { apiFetch } from '../../lib/api'
import { isApiError } from '../../lib/api-error'
import { saveFile } from '../../lib/fetch-file'
import { notify } from '../../lib/notify'

/**
 * Export Contacts To Excel: the server streams the .xlsx (up to 50,000 rows); the browser saves it. The
 * selected rows only when some are selected, otherwise the whole filtered list.
 */
export async function exportContacts(path: string, query: ListQuery, divisionId: number | null, ids: string[]) {
  const params = `options=${encodeListOptions(query)}${ids.length > 0 ? `&ids=${ids.join(',')}` : ''}`
  const headers: Record<string, string> = divisionId !== null ? { 'x-division-id': String(divisionId) } : {}
  let response: Response
  try {
    response = await apiFetch(`${path}/export?${params}`, { headers })
  } catch (error) {
    if (!isApiError(error)) throw error
    notify.error(error.status === 403 ? 'You are not allowed to do this' : 'Something went wrong!')
    return
  }
  const blob = await response.blob()
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'contacts.xlsx'
  saveFile(blob, name)
}
