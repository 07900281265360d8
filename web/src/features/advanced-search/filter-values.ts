import { checkContactFilter, contactFilterSchema, EXECUTIVE_DIVISION_ID, type ListQuery } from '@crm/contracts'

export type FormValues = Record<string, string>

export const toFormValues = (filter: ListQuery['filter']): FormValues =>
  Object.fromEntries(Object.entries(filter).flatMap(([k, v]) => (v === null || v === '' ? [] : [[k, String(v)]])))

/** Why a field is disabled (docs/product.md section 5): distance until a zip; Status and Assigned in division 1. */
export function disabledField(name: string, values: FormValues): boolean {
  if (name === 'distance') return !values.zip
  if (name === 'statusId' || name === 'assigned') return values.divisionId === String(EXECUTIVE_DIVISION_ID)
  return false
}

/** Form values → the list query's filter, or the messages to show (field → message). */
export function toFilter(
  values: FormValues,
  options: { divisionImplied?: boolean } = {},
): { filter: ListQuery['filter'] } | { errors: Record<string, string> } {
  // A radius left behind after the zip was cleared stays, so that 'Zip code must be provided!' says why.
  const dropped = (k: string) => k !== 'distance' && disabledField(k, values)
  const present = Object.fromEntries(Object.entries(values).filter(([k, v]) => v.trim() !== '' && !dropped(k)))
  const parsed = contactFilterSchema.safeParse(present)
  if (!parsed.success) {
    return { errors: Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])) }
  }
  const errors = checkContactFilter(parsed.data, options)
  if (Object.keys(errors).length > 0) return { errors: errors as Record<string, string> }
  return { filter: parsed.data as ListQuery['filter'] }
}
