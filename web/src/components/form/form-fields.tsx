import type { ReactNode } from 'react'
import { FormField, invalidProps } from '../ui/form-field'
import { Input } from '../ui/input'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../ui/select'
import { cn } from '../../lib/cn'

type Options = Record<string | number, string> | readonly string[]

const entries = (options: Options): [string, string][] =>
  Array.isArray(options)
    ? (options as readonly string[]).map((o) => [o, o])
    : Object.entries(options as Record<string, string>)

/** A labelled select whose value is a string ('' = nothing chosen); the error shows under it. */
export function SelectField(props: {
  id: string
  label: string
  value: string
  onChange: (value: string) => void
  options: Options
  error?: string
  required?: boolean
  disabled?: boolean
  placeholder?: string
  hint?: ReactNode
  className?: string
  disabledValues?: string[]
}) {
  return (
    <FormField
      id={props.id}
      label={props.label}
      error={props.error}
      required={props.required}
      hint={props.hint}
      className={props.className}
    >
      <Select value={props.value} onValueChange={props.onChange} disabled={props.disabled}>
        <SelectTrigger id={props.id} {...invalidProps(props.id, props.error)}>
          <SelectValue placeholder={props.placeholder ?? 'Select…'} />
        </SelectTrigger>
        <SelectContent>
          {entries(props.options).map(([value, label]) => (
            <SelectItem key={value} value={value} disabled={props.disabledValues?.includes(value)}>
              {label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </FormField>
  )
}

export function TextField(props: {
  id: string
  label: string
  value: string
  onChange: (value: string) => void
  error?: string
  required?: boolean
  type?: string
  className?: string
  placeholder?: string
  autoFocus?: boolean
  maxLength?: number
}) {
  return (
    <FormField
      id={props.id}
      label={props.label}
      error={props.error}
      required={props.required}
      className={props.className}
    >
      <Input
        id={props.id}
        type={props.type ?? 'text'}
        value={props.value}
        placeholder={props.placeholder}
        autoFocus={props.autoFocus}
        maxLength={props.maxLength}
        onChange={(e) => props.onChange(e.target.value)}
        {...invalidProps(props.id, props.error)}
      />
    </FormField>
  )
}

export function TextAreaField(props: {
  id: string
  label: string
  value: string
  onChange: (value: string) => void
  error?: string
  required?: boolean
  rows?: number
  className?: string
}) {
  return (
    <FormField
      id={props.id}
      label={props.label}
      error={props.error}
      required={props.required}
      className={props.className}
    >
      <textarea
        id={props.id}
        rows={props.rows ?? 3}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        className={cn(
          'w-full min-w-0 rounded-md border border-input bg-surface px-2.5 py-1.5 text-[13px] shadow-xs outline-none',
          'focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/15 aria-invalid:border-danger',
        )}
        {...invalidProps(props.id, props.error)}
      />
    </FormField>
  )
}

/** '' → null, '12' → 12: select values to API numbers. */
export const numberOrNull = (value: string): number | null => (value === '' ? null : Number(value))
export const textOrNull = (value: string): string | null => (value.trim() === '' ? null : value.trim())
