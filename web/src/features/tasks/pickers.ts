import {
  ASYNC_SELECT_PAGE,
  type ContactSearchRow,
  type Paged,
  type SelectPage,
  type TaskUsersQuery,
} from '@crm/contracts'
import { encodeListOptions } from '../../components/data-table/list-query-codec'
import { api } from '../../lib/api'

/**
 * Users for a task picker, as the server allows them (GET /task/users-for-select), 50 a page: `assign` whom
 * the caller may assign a task to, `view` whose tasks they may see (calendar, dashboard).
 */
export const taskUserOptions =
  (purpose: TaskUsersQuery['purpose']) =>
  (search: string, page: number): Promise<SelectPage> =>
    api.get<SelectPage>(`/task/users-for-select?${new URLSearchParams({ purpose, search, page: String(page) })}`, {
      quiet: true,
    })

/** Contacts by name for the task form's Contact select, 50 at a time like the other async selects. */
export async function loadContactOptions(search: string, page: number): Promise<SelectPage> {
  const answer = await api.get<Paged<ContactSearchRow>>(
    `/contacts?options=${encodeListOptions({
      pagination: { limit: 50, first: page * ASYNC_SELECT_PAGE },
      sort: { field: 'name', direction: 'asc' },
      filter: search.trim() ? { name: search.trim() } : {},
      tableFilter: {},
    })}`,
    { quiet: true },
  )
  return {
    options: answer.rows.map((r) => ({ value: r.id, label: r.name })),
    hasMore: (page + 1) * ASYNC_SELECT_PAGE < answer.total,
  }
}
