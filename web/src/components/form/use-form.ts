import { useState } from 'react'
import type { z } from 'zod'
import { zodFieldErrors, type FieldErrors } from '../../lib/field-errors'

/** What a labelled field (TextField, SelectField, TextAreaField…) takes from its form. */
export type BoundField = { value: string; onChange: (value: string) => void; error: string | undefined }

/**
 * Binds a form's fields by name, so a field is one line: `<TextField id="…" label="…" {...field('name')} />`
 * gets its value, the setter (which also clears its error) and the error under it.
 */
export function bindFields<K extends string>(
  values: Record<K, string>,
  set: (field: K) => (value: string) => void,
  errors: FieldErrors,
): (name: K) => BoundField {
  return (name) => ({ value: values[name], onChange: set(name), error: errors[name] })
}

/**
 * A small form: string values, errors under fields, an edit clears that field's error (docs/product.md 8).
 * `validate` checks a payload against a schema from contracts before it is sent, so every missing or wrong
 * field is named at once, with the same messages the server would answer. `field(name)` binds a field.
 */
export function useForm<K extends string>(initial: Record<K, string>) {
  const [values, setValues] = useState(initial)
  const [errors, setErrors] = useState<FieldErrors>({})
  const set = (field: K) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }))
    setErrors(({ [field]: _, ...rest }) => rest)
  }
  /** The parsed payload, or null after showing every field error the schema finds. */
  const validate = <S extends z.ZodType>(schema: S, input: unknown): z.output<S> | null => {
    const parsed = schema.safeParse(input)
    if (parsed.success) return parsed.data
    setErrors(zodFieldErrors(parsed.error))
    return null
  }
  const field = bindFields(values, set, errors)
  return { values, set, field, errors, setErrors, setValues, validate }
}
