import { useState, type FormEvent } from 'react'
import { changePasswordSchema, messages } from '@crm/contracts'
import { isApiError, problemMessage } from '../../lib/api-error'
import { normalizeFieldErrors, zodFieldErrors, type FieldErrors } from '../../lib/field-errors'

/**
 * New password + confirmation, checked in the browser with the same schema as the server (so the messages
 * are the same), then sent. Resolves the server's success message.
 */
export function usePasswordForm(
  send: (values: { newPassword: string; confirmPassword: string }) => Promise<{ message: string }>,
) {
  const [values, setValues] = useState({ newPassword: '', confirmPassword: '' })
  const [errors, setErrors] = useState<FieldErrors>({})
  const [formError, setFormError] = useState<string | null>(null)
  const [done, setDone] = useState<string | null>(null)
  const [pending, setPending] = useState(false)

  const onChange = (field: 'newPassword' | 'confirmPassword', value: string) => {
    setValues((v) => ({ ...v, [field]: value }))
    setErrors(({ [field]: _, ...rest }) => rest)
  }

  async function submit(event: FormEvent) {
    event.preventDefault()
    setFormError(null)
    const parsed = changePasswordSchema.safeParse(values)
    if (!parsed.success) return setErrors(zodFieldErrors(parsed.error))
    setPending(true)
    try {
      setDone((await send(parsed.data)).message)
      setValues({ newPassword: '', confirmPassword: '' })
    } catch (error) {
      if (isApiError(error, 400)) setErrors(normalizeFieldErrors(error.fieldErrors))
      else setFormError(isApiError(error) ? problemMessage(error.problem) : messages.somethingWentWrong)
    } finally {
      setPending(false)
    }
  }

  return { values, errors, formError, done, pending, onChange, submit }
}
