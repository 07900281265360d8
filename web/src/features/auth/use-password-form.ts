import { useState, type FormEvent } from 'react'
import { changePasswordSchema, messages, ownPasswordFormSchema, publicChangePasswordSchema } from '@crm/contracts'
import { isApiError, problemMessage } from '../../lib/api-error'
import { normalizeFieldErrors, zodFieldErrors, type FieldErrors } from '../../lib/field-errors'

export type PasswordField = 'email' | 'currentPassword' | 'newPassword' | 'confirmPassword'
export type PasswordValues = { email?: string; currentPassword?: string; newPassword: string; confirmPassword: string }

/**
 * New password + confirmation (and, for one's own password, the current one), checked in the browser with the
 * same schema as the server (so the messages are the same), then sent. Signed out, the email is asked too. Resolves the server's success message.
 */
export function usePasswordForm(
  send: (values: PasswordValues) => Promise<{ message: string }>,
  { withCurrent = false, withEmail = false }: { withCurrent?: boolean; withEmail?: boolean } = {},
) {
  const empty = (): PasswordValues => ({
    ...(withEmail && { email: '' }),
    ...(withCurrent && { currentPassword: '' }),
    newPassword: '',
    confirmPassword: '',
  })
  const [values, setValues] = useState(empty)
  const [errors, setErrors] = useState<FieldErrors>({})
  const [formError, setFormError] = useState<string | null>(null)
  const [done, setDone] = useState<string | null>(null)
  const [pending, setPending] = useState(false)

  const onChange = (field: PasswordField, value: string) => {
    setValues((v) => ({ ...v, [field]: value }))
    setErrors(({ [field]: _, ...rest }) => rest)
  }

  async function submit(event: FormEvent) {
    event.preventDefault()
    setFormError(null)
    const schema = withEmail ? publicChangePasswordSchema : withCurrent ? ownPasswordFormSchema : changePasswordSchema
    const parsed = schema.safeParse(withEmail ? { ...values, email: values.email?.trim() } : values)
    if (!parsed.success) return setErrors(zodFieldErrors(parsed.error))
    setPending(true)
    try {
      setDone((await send(parsed.data)).message)
      setValues(empty())
    } catch (error) {
      if (isApiError(error, 400)) setErrors(normalizeFieldErrors(error.fieldErrors))
      else setFormError(isApiError(error) ? problemMessage(error.problem) : messages.somethingWentWrong)
    } finally {
      setPending(false)
    }
  }

  return { values, errors, formError, done, pending, onChange, submit }
}
