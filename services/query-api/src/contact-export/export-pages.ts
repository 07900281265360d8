import { CONTACT_EXPORT_LIMIT } from '@crm/contracts'
import { sql, type Kysely, type RawBuilder } from 'kysely'
import { searchWhere, type SearchRequest } from '../contact-lists/search-contacts'
import type { ExportRow } from './write-xlsx'

const PAGE = 2000
type PageRow = ExportRow & { contact_id: string; sort_name: string }

/**
 * The rows of a list or search in name order, a page at a time by keyset (name, id), up to docs/product.md's export
 * limit: each page is one indexed range read, however deep into the list it is.
 */
export async function* exportPages(db: Kysely<unknown>, request: SearchRequest): AsyncGenerator<ExportRow[]> {
  const where = searchWhere(request)
  let after: { name: string; id: string } | null = null
  let left = CONTACT_EXPORT_LIMIT
  while (left > 0) {
    const keyset: RawBuilder<unknown> = after
      ? sql`and (s.name_key, s.contact_id) > (${after.name}, ${after.id}::uuid)`
      : sql``
    const { rows }: { rows: PageRow[] } = await sql<PageRow>`
      select s.contact_id, s.name_key as sort_name, s.name, s.company_type_id, s.organization_type_id, s.email,
        s.business_phone
      ${where} ${keyset} order by s.name_key, s.contact_id limit ${Math.min(PAGE, left)}`.execute(db)
    if (rows.length === 0) return
    yield rows
    left -= rows.length
    const last: PageRow = rows.at(-1)!
    after = { name: last.sort_name, id: last.contact_id }
    if (rows.length < PAGE) return
  }
}
