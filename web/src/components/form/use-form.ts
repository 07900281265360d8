import { useState } from 'react'
import type { z } from 'zod'
import { zodFieldErrors, type FieldErrors } from '../../lib/field-errors'

/**
 * A small form: string values, errors under fields, an edit clears that field's error (docs/product.md 8).
 * `validate` checks a payload against a schema from contracts before it is sent, so every missing or wrong
 * field is named at once, with the same messages the server would answer.
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
  return { values, set, errors, setErrors, setValues, validate }
}
