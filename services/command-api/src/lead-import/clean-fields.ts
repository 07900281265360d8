import { contactFieldsSchema } from '@crm/contracts'
import type { LeadRow } from './csv-layouts'

/** The contact's phone fields: an import keeps what the file says when it is not a US number (decision 049). */
const phoneFields = new Set(['businessPhone', 'mobilePhone', 'homePhone'])

/**
 * Holds a row to the same field rules as POST /contacts. A malformed optional fact (an email that is not
 * one) is dropped rather than losing the lead; a phone that is not a US number is kept as the file gives it
 * (formatPhone already wrote the US ones in the mask); a row still invalid after that is skipped with the reason.
 */
export function cleanLeadRow(row: LeadRow): LeadRow {
  if (row.problem) return row
  let fields = row.fields
  const problems = () => {
    const checked = contactFieldsSchema.safeParse({ organizationTypeId: 7, ...fields })
    return checked.success ? [] : checked.error.issues.filter((i) => !phoneFields.has(String(i.path[0])))
  }
  let issues = problems()
  if (issues.some((i) => i.path[0] === 'email')) {
    fields = { ...fields, email: null }
    issues = problems()
  }
  if (issues.length > 0) {
    const issue = issues[0]!
    return { ...row, problem: `${issue.path.join('.')}: ${issue.message}` }
  }
  return { ...row, fields }
}
