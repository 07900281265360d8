import { useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { FormField, invalidProps } from '../../components/ui/form-field'
import { Input } from '../../components/ui/input'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select'
import type { FieldErrors } from '../../lib/field-errors'
import { usersQueryOptions } from '../../lib/users-api'
import { divisionsForSelectQueryOptions } from '../../lib/divisions-api'

export type UserFormValues = {
  email: string
  name: string
  password: string
  divisionId: string
  managerId: string
  role: string
}
type Set = (field: keyof UserFormValues, value: string) => void
const NO_MANAGER = 'none'

export function TextField({
  field,
  label,
  values,
  errors,
  set,
  type = 'text',
  required,
}: {
  field: keyof UserFormValues
  label: string
  values: UserFormValues
  errors: FieldErrors
  set: Set
  type?: string
  required?: boolean
}) {
  const id = `user-${field}`
  return (
    <FormField id={id} label={label} error={errors[field]} required={required}>
      <Input
        id={id}
        type={type}
        value={values[field]}
        onChange={(e) => set(field, e.target.value)}
        {...invalidProps(id, errors[field])}
      />
    </FormField>
  )
}

function SelectField({
  id,
  label,
  error,
  value,
  onChange,
  children,
  placeholder,
}: {
  id: string
  label: string
  error?: string
  value: string
  onChange: (v: string) => void
  children: ReactNode
  placeholder?: string
}) {
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

export function DivisionSelect({ values, errors, set }: { values: UserFormValues; errors: FieldErrors; set: Set }) {
  const { data: divisions } = useQuery(divisionsForSelectQueryOptions())
  return (
    <SelectField
      id="user-divisionId"
      label="Division"
      error={errors.divisionId}
      value={values.divisionId}
      onChange={(v) => set('divisionId', v)}
      placeholder="Select division"
    >
      {(divisions ?? []).map((d) => (
        <SelectItem key={d.id} value={String(d.id)}>
          #{d.id} {d.name}
        </SelectItem>
      ))}
    </SelectField>
  )
}

/** Managers to report to: users holding the manager permission (the team relation of docs/product.md section 6). */
export function ManagerSelect({
  values,
  errors,
  set,
  selfId,
}: {
  values: UserFormValues
  errors: FieldErrors
  set: Set
  selfId?: string
}) {
  const { data } = useQuery(usersQueryOptions({ limit: 500, first: 0 }))
  const managers = (data?.rows ?? []).filter((u) => u.permissions.includes('manager') && u.userId !== selfId)
  return (
    <SelectField
      id="user-managerId"
      label="Manager"
      error={errors.managerId}
      value={values.managerId || NO_MANAGER}
      onChange={(v) => set('managerId', v === NO_MANAGER ? '' : v)}
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

export function RoleSelect({ values, set }: { values: UserFormValues; set: Set }) {
  return (
    <SelectField id="user-role" label="Role" value={values.role} onChange={(v) => set('role', v)}>
      <SelectItem value="rep">Sales rep</SelectItem>
      <SelectItem value="credit-analyst">Credit analyst</SelectItem>
      <SelectItem value="manager">Manager</SelectItem>
      <SelectItem value="executive">Executive</SelectItem>
      <SelectItem value="admin">Administrator</SelectItem>
    </SelectField>
  )
}
