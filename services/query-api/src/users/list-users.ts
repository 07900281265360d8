import {
  ASYNC_SELECT_PAGE,
  type Paged,
  type SelectPage,
  type User,
  type UsersForSelectQuery,
  type UsersListParams,
} from '@crm/contracts'
import type { RequestUser } from '@crm/platform'
import { sql, type Kysely, type RawBuilder } from 'kysely'
import { likeContains } from '../common/list-sql'
import { isoOrNull } from '../read-models'
import { visibleUsers } from './user-visibility'

type Row = {
  user_id: string
  email: string
  name: string | null
  division_id: number | null
  division_name: string | null
  manager_id: string | null
  manager_name: string | null
  permissions: string[] | null
  phone_number: string | null
  active_phone: string | null
  office_ext: string | null
  signature: string | null
  options: Record<string, unknown> | null
  expectations: Record<string, unknown> | null
  disabled: boolean
  created_at: Date | string | null
  total?: string | number
}

const toUser = (r: Row): User => ({
  userId: r.user_id,
  email: r.email,
  name: r.name ?? r.email,
  divisionId: r.division_id,
  divisionName: r.division_name,
  managerId: r.manager_id,
  managerName: r.manager_name,
  permissions: r.permissions ?? [],
  phoneNumber: r.phone_number,
  activePhone: r.active_phone,
  officeExt: r.office_ext,
  signature: r.signature,
  options: r.options ?? {},
  expectations: r.expectations ?? {},
  active: !r.disabled,
  createdAt: isoOrNull(r.created_at),
})

// Division names come from the divisions read model when it has them.
const selectUsers = sql`
  select u.user_id, u.email, u.name, u.division_id, d.name as division_name, u.manager_id, m.name as manager_name,
         u.permissions, u.phone_number, u.active_phone, u.office_ext, u.signature, u.options, u.expectations,
         u.disabled, u.created_at
  from users u
  left join users m on m.user_id = u.manager_id
  left join divisions d on d.division_id = u.division_id`

/** Users the caller may see, by name, paged on the server. */
export async function listUsers(
  db: Kysely<unknown>,
  viewer: Pick<RequestUser, 'userId' | 'permissions'>,
  params: UsersListParams,
): Promise<Paged<User>> {
  const search = params.search ? likeContains(params.search) : null
  const { rows } = await sql<Row>`
    select *, count(*) over () as total from (${selectUsers}
      where ${visibleUsers(viewer)}
        and (${params.includeInactive === true} or not u.disabled)
        and (${params.divisionId ?? null}::int is null or u.division_id = ${params.divisionId ?? null}::int)
        and (${params.managerId ?? null}::uuid is null or u.manager_id = ${params.managerId ?? null}::uuid)
        and (${search}::text is null or u.name ilike ${search} or u.email ilike ${search})
    ) v order by lower(coalesce(name, email)), user_id
    limit ${params.limit} offset ${params.first}`.execute(db)
  return { rows: rows.map(toUser), total: Number(rows[0]?.total ?? 0), totalIsCapped: false }
}

export async function findVisibleUser(
  db: Kysely<unknown>,
  viewer: Pick<RequestUser, 'userId' | 'permissions'>,
  userId: string,
): Promise<User | undefined> {
  const { rows } = await sql<Row>`${selectUsers} where u.user_id = ${userId}::uuid and ${visibleUsers(viewer)}`.execute(
    db,
  )
  return rows[0] && toUser(rows[0])
}

/**
 * One page of a user picker: active users meeting `allowed` whose name or e-mail contains `search`, the caller
 * first, then by name; 50 a page with whether more follow.
 */
export async function userPickerPage(
  db: Kysely<unknown>,
  callerId: string,
  allowed: RawBuilder<unknown>,
  { search, page }: { search: string; page: number },
): Promise<SelectPage> {
  const like = likeContains(search)
  const { rows } = await sql<{ user_id: string; name: string | null; email: string }>`
    select u.user_id, u.name, u.email from users u
    where not u.disabled and ${allowed} and (u.name ilike ${like} or u.email ilike ${like})
    order by u.user_id = ${callerId}::uuid desc, lower(coalesce(u.name, u.email)), u.user_id
    limit ${ASYNC_SELECT_PAGE + 1} offset ${page * ASYNC_SELECT_PAGE}`.execute(db)
  return {
    options: rows.slice(0, ASYNC_SELECT_PAGE).map((r) => ({ value: r.user_id, label: r.name ?? r.email })),
    hasMore: rows.length > ASYNC_SELECT_PAGE,
  }
}

/** GET /users/for-select: the users the caller may see, in one division when asked. */
export function userOptions(
  db: Kysely<unknown>,
  viewer: Pick<RequestUser, 'userId' | 'permissions'>,
  query: UsersForSelectQuery,
): Promise<SelectPage> {
  const division = query.divisionId ?? null
  const allowed = sql`${visibleUsers(viewer)} and (${division}::int is null or u.division_id = ${division}::int)`
  return userPickerPage(db, viewer.userId, allowed, query)
}
