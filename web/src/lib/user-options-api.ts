import type { SelectPage } from '@crm/contracts'
import { api } from './api'

/** Users for the Select User / Salesperson / Assigned selects, 50 per page (docs/product.md section 9). */
export function fetchUserOptions(search: string, page: number, signal?: AbortSignal): Promise<SelectPage> {
  const params = new URLSearchParams({ search, page: String(page) })
  return api.get<SelectPage>(`/advanced-search/users-for-async-select?${params}`, { signal })
}

/** The names of users already chosen (a saved preset holds only their ids). */
export function fetchUserOptionsByIds(ids: string[], signal?: AbortSignal): Promise<SelectPage> {
  const params = new URLSearchParams({ ids: ids.join(',') })
  return api.get<SelectPage>(`/advanced-search/users-for-async-select?${params}`, { signal, quiet: true })
}
