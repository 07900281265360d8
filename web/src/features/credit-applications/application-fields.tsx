import type { FieldGroup, FieldKind, FieldSpec } from '@crm/contracts'
import { SelectField, TextField } from '../../components/form/form-fields'
import { Checkbox } from '../../components/ui/checkbox'
import { formatDate } from '../../lib/format-date'
import { formatMoney } from './money'

/** A field's value as the page shows it. */
export function shownValue(spec: Pick<FieldSpec, 'kind'>, value: unknown): string | null {
  if (value === undefined || value === null || value === '') return null
  if (spec.kind === 'flag') return value ? 'Yes' : 'No'
  if (spec.kind === 'money') return formatMoney(Number(value))
  if (spec.kind === 'date') return formatDate(String(value))
  if (spec.kind === 'type') return value === 'lease' ? 'Lease' : 'Loan'
  return String(value)
}

/** The form's text for a value, and back: '' is "no value". */
export const toText = (value: unknown): string =>
  value === undefined || value === null ? '' : typeof value === 'boolean' ? (value ? 'true' : '') : String(value)
export function fromText(spec: Pick<FieldSpec, 'kind'>, text: string): unknown {
  if (spec.kind === 'flag') return text === 'true'
  if (text.trim() === '') return null
  if (spec.kind === 'money' || spec.kind === 'count') return Number(text)
  return text.trim()
}

/** One editable field of a group, its error under it. */
export function FieldInput(props: {
  group: FieldGroup
  spec: FieldSpec
  value: string
  error?: string
  onChange: (value: string) => void
}) {
  const { spec, group, ...rest } = props
  return <ValueInput id={`ca-${group.id}-${spec.key}`} label={spec.label} kind={spec.kind} {...rest} />
}

/** An input for one value of a kind (a checkbox for a flag, a select for the application type), error under it. */
export function ValueInput(props: {
  id: string
  label: string
  kind: FieldKind
  value: string
  error?: string
  onChange: (value: string) => void
}) {
  const { id, label, kind } = props
  if (kind === 'flag') {
    return (
      <label htmlFor={id} className="flex min-h-11 items-center gap-2 text-[13px] sm:min-h-8">
        <Checkbox id={id} checked={props.value === 'true'} onCheckedChange={(c) => props.onChange(c ? 'true' : '')} />
        {label}
      </label>
    )
  }
  if (kind === 'type') {
    return (
      <SelectField
        id={id}
        label={label}
        value={props.value}
        onChange={props.onChange}
        options={{ loan: 'Loan', lease: 'Lease' }}
        error={props.error}
      />
    )
  }
  return (
    <TextField
      id={id}
      label={label}
      type={kind === 'date' ? 'date' : kind === 'money' || kind === 'count' ? 'number' : 'text'}
      value={props.value}
      onChange={props.onChange}
      error={props.error}
    />
  )
}
