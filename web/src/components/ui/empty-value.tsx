import { organizationTypes, type OrganizationTypeId } from '@crm/contracts'

/** What a table cell or a detail shows for a value that is not there. */
export const Empty = () => <span className="text-muted-foreground">—</span>

export const text = (value: string | number | null) => (value === null || value === '' ? <Empty /> : value)

export function organizationTypeName(id: number | null): string | null {
  return id === null ? null : (organizationTypes[id as OrganizationTypeId] ?? `Type ${id}`)
}
