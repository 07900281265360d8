import { LOGISTICS_DIVISION_ID, type LoadRow } from '@crm/contracts'
import { sql, type RawBuilder } from 'kysely'
import { visibleContactSql } from '../visibility/visibility-sql'
import type { Viewer } from '../viewer'

/**
 * A load is visible when its customer is: a live contact of the logistics division that the viewer may see
 * (the one visibility policy). Over the load alias `l`.
 */
export function visibleLoadSql(viewer: Viewer): RawBuilder<unknown> {
  return sql`not l.deleted
    and exists (select 1 from contacts_list lc where lc.id = l.contact_id and not lc.deleted)
    and exists (select 1 from contact_divisions ld where ld.contact_id = l.contact_id and ld.division_id = ${LOGISTICS_DIVISION_ID})
    and ${visibleContactSql(viewer, sql`l.contact_id`)}`
}

export interface LoadRecord {
  load_id: string
  contact_id: string
  origin_city: string
  origin_state_id: number
  origin_zip: string | null
  destination_city: string
  destination_state_id: number
  destination_zip: string | null
  pick_up_date: string | Date
  load_pay: string | number
  load_type_id: number | null
  product: string | null
  equipment_id: number | null
  weight: number | string | null
  notes: string | null
  created_at: string | Date
  created_by_name: string | null
}

/** Columns of a row, with who booked it. */
export const loadColumns = sql`l.*, u.name as created_by_name`
export const loadFrom = sql`from logistics_loads l left join users u on u.user_id = l.created_by`

const dateOnly = (value: string | Date): string =>
  typeof value === 'string' ? value.slice(0, 10) : value.toISOString().slice(0, 10)

export const toLoadRow = (r: LoadRecord): LoadRow => ({
  id: r.load_id,
  contactId: r.contact_id,
  originCity: r.origin_city,
  originStateId: r.origin_state_id,
  originZip: r.origin_zip,
  destinationCity: r.destination_city,
  destinationStateId: r.destination_state_id,
  destinationZip: r.destination_zip,
  pickUpDate: dateOnly(r.pick_up_date),
  loadPay: Number(r.load_pay),
  loadTypeId: r.load_type_id,
  product: r.product,
  equipmentId: r.equipment_id,
  weight: r.weight === null ? null : Number(r.weight),
  notes: r.notes,
  createdAt: new Date(r.created_at).toISOString(),
  createdByName: r.created_by_name,
})
