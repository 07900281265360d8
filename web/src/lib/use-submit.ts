import { useState } from 'react'
import { isApiError } from './api-error'
import { normalizeFieldErrors, type FieldErrors } from './field-errors'

/**
 * Sends a form: `pending` while the work runs; a 400 puts the server's messages under the fields
 * (docs/product.md 8); other failures were already shown by the API client's toast.
 */
export function useSubmit(setErrors: (errors: FieldErrors) => void) {
  const [pending, setPending] = useState(false)
  const send = async (work: () => Promise<unknown>): Promise<void> => {
    setPending(true)
    try {
      await work()
    } catch (error) {
      if (isApiError(error, 400)) setErrors(normalizeFieldErrors(error.fieldErrors))
    } finally {
      setPending(false)
    }
  }
  return { pending, send }
}
