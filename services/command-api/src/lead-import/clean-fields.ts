import { contactFieldsSchema } from '@crm/contracts'
import type { LeadRow } from './csv-layouts'

/**
 * Holds a row to the same field rules as POST /contacts. A malformed optional fact (an email that is not
 * one) is dropped rather than losing the lead; a row still invalid after that is skipped with the reason.
 */
export function cleanLeadRow(row: LeadRow): LeadRow {
  if (row.problem) return row
  let fields = row.fields
  let checked = contactFieldsSchema.safeParse({ organizationTypeId: 7, ...fields })
  if (!checked.success && checked.error.issues.some((i) => i.path[0] === 'email')) {
    fields = { ...fields, email: null }
    checked = contactFieldsSchema.safeParse({ organizationTypeId: 7, ...fields })
  }
  if (!checked.success) {
    const issue = checked.error.issues[0]!
    return { ...row, problem: `${issue.path.join('.')}: ${issue.message}` }
  }
  return { ...row, fields }
}
