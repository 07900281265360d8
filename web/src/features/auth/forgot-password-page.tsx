import { Link } from '@tanstack/react-router'
import { Loader2, MailCheck } from 'lucide-react'
import { useState, type FormEvent } from 'react'
import { forgotPasswordSchema, messages } from '@crm/contracts'
import { Button } from '../../components/ui/button'
import { FormField, invalidProps } from '../../components/ui/form-field'
import { Input } from '../../components/ui/input'
import { isApiError, problemMessage } from '../../lib/api-error'
import { normalizeFieldErrors, zodFieldErrors, type FieldErrors } from '../../lib/field-errors'
import { forgotPassword } from './auth-api'
import { AuthLayout, FormAlert } from './auth-layout'

/** /forgot-password: asks for a reset link. The answer is the same whether or not the address is known. */
export function ForgotPasswordPage() {
  const [email, setEmail] = useState('')
  const [errors, setErrors] = useState<FieldErrors>({})
  const [formError, setFormError] = useState<string | null>(null)
  const [sent, setSent] = useState<string | null>(null)
  const [pending, setPending] = useState(false)

  async function submit(event: FormEvent) {
    event.preventDefault()
    setFormError(null)
    const parsed = forgotPasswordSchema.safeParse({ email: email.trim() })
    if (!parsed.success) return setErrors(zodFieldErrors(parsed.error))
    setPending(true)
    try {
      setSent((await forgotPassword(parsed.data.email)).message)
    } catch (error) {
      if (isApiError(error, 400)) setErrors(normalizeFieldErrors(error.fieldErrors))
      else setFormError(isApiError(error) ? problemMessage(error.problem) : messages.somethingWentWrong)
    } finally {
      setPending(false)
    }
  }

  const back = (
    <Link to="/login" className="text-link hover:underline">
      Back to sign in
    </Link>
  )

  if (sent) {
    return (
      <AuthLayout title="Check your email" footer={back}>
        <div className="flex flex-col items-center gap-3 py-2 text-center">
          <div className="grid size-10 place-items-center rounded-full bg-success-soft text-success">
            <MailCheck className="size-5" />
          </div>
          <p role="status">{sent}</p>
          <p className="text-xs text-muted-foreground">The link works once and expires in an hour.</p>
        </div>
      </AuthLayout>
    )
  }

  return (
    <AuthLayout title="Forgot your password?" subtitle="We will email you a link to choose a new one." footer={back}>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        {formError && <FormAlert tone="danger">{formError}</FormAlert>}
        <FormField id="fp-email" label="Email" error={errors.email}>
          <Input
            id="fp-email"
            type="email"
            autoComplete="username"
            autoFocus
            value={email}
            onChange={(e) => {
              setEmail(e.target.value)
              setErrors({})
            }}
            {...invalidProps('fp-email', errors.email)}
          />
        </FormField>
        <Button type="submit" variant="primary" className="mt-1 h-9" disabled={pending}>
          {pending && <Loader2 className="animate-spin" />}
          Send reset link
        </Button>
      </form>
    </AuthLayout>
  )
}
