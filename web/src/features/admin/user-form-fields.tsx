import { useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import type { BoundField } from '../../components/form/use-form'
import { FormField, invalidProps } from '../../components/ui/form-field'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select'
import { usersQueryOptions } from '../../lib/users-api'
import { divisionsForSelectQueryOptions } from '../../lib/divisions-api'

const NO_MANAGER = 'none'

/** A select whose items are its children (kept in the order they come), bound to a form field. */
function SelectField({
  id,
  label,
  error,
  value,
  onChange,
  children,
  placeholder,
}: BoundField & { id: string; label: string; children: ReactNode; placeholder?: string }) {
  return (
    <FormField id={id} label={label} error={error}>
      <Select value={value} onValueChange={onChange}>
        <SelectTrigger id={id} {...invalidProps(id, error)}>
          <SelectValue placeholder={placeholder} />
        </SelectTrigger>
        <SelectContent>{children}</SelectContent>
      </Select>
    </FormField>
  )
}

export function DivisionSelect(field: BoundField) {
  const { data: divisions } = useQuery(divisionsForSelectQueryOptions())
  return (
    <SelectField id="user-divisionId" label="Division" placeholder="Select division" {...field}>
      {(divisions ?? []).map((d) => (
        <SelectItem key={d.id} value={String(d.id)}>
          #{d.id} {d.name}
        </SelectItem>
      ))}
    </SelectField>
  )
}

/** Managers to report to: users holding the manager permission (the team relation of docs/product.md section 6). */
export function ManagerSelect({ selfId, ...field }: BoundField & { selfId?: string }) {
  const { data } = useQuery(usersQueryOptions({ limit: 500, first: 0 }))
  const managers = (data?.rows ?? []).filter((u) => u.permissions.includes('manager') && u.userId !== selfId)
  return (
    <SelectField
      id="user-managerId"
      label="Manager"
      error={field.error}
      value={field.value || NO_MANAGER}
      onChange={(v) => field.onChange(v === NO_MANAGER ? '' : v)}
    >
      <SelectItem value={NO_MANAGER}>No manager</SelectItem>
      {managers.map((m) => (
        <SelectItem key={m.userId} value={m.userId}>
          {m.name}
        </SelectItem>
      ))}
    </SelectField>
  )
}

export function RoleSelect(field: BoundField) {
  return (
    <SelectField id="user-role" label="Role" {...field}>
      <SelectItem value="rep">Sales rep</SelectItem>
      <SelectItem value="credit-analyst">Credit analyst</SelectItem>
      <SelectItem value="manager">Manager</SelectItem>
      <SelectItem value="executive">Executive</SelectItem>
      <SelectItem value="admin">Administrator</SelectItem>
    </SelectField>
  )
}
