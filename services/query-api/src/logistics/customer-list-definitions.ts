import { ContactStatus as S, LOGISTICS_DIVISION_ID, type LogisticsListName } from '@crm/contracts'
import { sql } from 'kysely'
import type { ListDefinition } from '../contact-lists/list-definitions'

const logistics = sql`s.division_id = ${LOGISTICS_DIVISION_ID}`
const status = (id: number) => sql`${logistics} and s.status_id = ${id}`
/** A toggle is on: a column of contact_search, each with its partial index (only the rows switched on). */
const flagged = (column: 'is_rfp' | 'is_mfp' | 'is_credit_app' | 'is_online_form') =>
  sql`${logistics} and s.${sql.raw(column)}`

/**
 * The lists of GET /customers-logistic/{list} (docs/product.md 7) over the one list read model (contact_search),
 * always the logistics division's rows. `acrossDivisions` lets executives of any division read them; the lists'
 * visibility (reps: theirs and unassigned) applies on top, and anyone of another division finds them empty.
 */
export const logisticsListDefinitions: Record<LogisticsListName, ListDefinition> = {
  all: { where: () => logistics, acrossDivisions: true },
  leads: { where: () => status(S.Lead), acrossDivisions: true },
  prospects: { where: () => status(S.Prospect), acrossDivisions: true },
  accounts: { where: () => status(S.Account), acrossDivisions: true },
  // Pending: the logistics-only status (an account waiting on its paperwork).
  'pending-accounts': { where: () => status(S.Pending), acrossDivisions: true },
  // Customers whose toggle is on, whatever their status now (RFP is switched at Prospect, kept after).
  rfp: { where: () => flagged('is_rfp'), acrossDivisions: true },
  mfp: { where: () => flagged('is_mfp'), acrossDivisions: true },
  'credit-app': { where: () => flagged('is_credit_app'), acrossDivisions: true },
  'online-form': { where: () => flagged('is_online_form'), acrossDivisions: true },
  dead: { where: () => status(S.Dead), acrossDivisions: true },
}
