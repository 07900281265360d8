import { seesOtherUsers } from '@crm/contracts'
import { getSession } from '../../lib/session-store'
import { UserSelect } from '../../components/user-select/user-select'
import type { FilterField } from './filter-groups'

const UNASSIGNED = { value: 'unassigned', label: 'Unassigned' }

/**
 * Salesperson and Assigned: async selects of users by name, storing the user id. Without assign-any (or a
 * whole division to see) the Assigned choice is locked to the user themselves, or unassigned contacts.
 */
export function UserFilterField({
  id,
  field,
  value,
  set,
  disabled,
  invalid,
}: {
  id: string
  field: FilterField
  value: string
  set: (v: string) => void
  disabled: boolean
  invalid: boolean
}) {
  const session = getSession()
  const assigned = field.name === 'assigned'
  const seesOthers = seesOtherUsers({ permissions: session?.user.permissions ?? [] })
  if (assigned && !seesOthers && session) {
    return (
      <select
        id={id}
        disabled={disabled}
        aria-invalid={invalid || undefined}
        value={value}
        onChange={(e) => set(e.target.value)}
        className="h-8 rounded-md border bg-surface px-2 text-sm disabled:opacity-50"
      >
        <option value="">Any</option>
        <option value={session.user.userId}>{session.user.name}</option>
        <option value={UNASSIGNED.value}>{UNASSIGNED.label}</option>
      </select>
    )
  }
  return (
    <UserSelect
      id={id}
      label={field.label}
      placeholder="Any"
      value={value || null}
      onChange={(v) => set(v ?? '')}
      disabled={disabled}
      invalid={invalid}
      clearable
      extraOptions={assigned ? [UNASSIGNED] : []}
    />
  )
}
