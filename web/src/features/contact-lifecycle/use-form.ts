import { useState } from 'react'
import type { FieldErrors } from '../../lib/field-errors'

/** A small form: string values, errors under fields, an edit clears that field's error (docs/product.md 8). */
export function useForm<K extends string>(initial: Record<K, string>) {
  const [values, setValues] = useState(initial)
  const [errors, setErrors] = useState<FieldErrors>({})
  const set = (field: K) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }))
    setErrors(({ [field]: _, ...rest }) => rest)
  }
  return { values, set, errors, setErrors, setValues }
}
