import type { ListQuery } from '@crm/contracts'
import { encodeListOptions } from '../../components/data-table/list-query-codec'
import { API_BASE } from '../../lib/api'
import { saveFile } from '../../lib/fetch-file'
import { notify } from '../../lib/notify'
import { getToken } from '../../lib/session-store'

/**
 * Export Contacts To Excel: the server streams the .xlsx (up to 50,000 rows); the browser saves it. The
 * selected rows only when some are selected, otherwise the whole filtered list.
 */
export async function exportContacts(path: string, query: ListQuery, divisionId: number | null, ids: string[]) {
  const params = `options=${encodeListOptions(query)}${ids.length > 0 ? `&ids=${ids.join(',')}` : ''}`
  const headers: Record<string, string> = { Authorization: `Bearer ${getToken() ?? ''}` }
  if (divisionId !== null) headers['x-division-id'] = String(divisionId)
  const response = await fetch(`${API_BASE}${path}/export?${params}`, { headers })
  if (!response.ok) {
    notify.error(response.status === 403 ? 'You are not allowed to do this' : 'Something went wrong!')
    return
  }
  const blob = await response.blob()
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'contacts.xlsx'
  saveFile(blob, name)
}
