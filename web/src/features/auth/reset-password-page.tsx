import { getRouteApi, Link } from '@tanstack/react-router'
import { Loader2 } from 'lucide-react'
import { messages } from '@crm/contracts'
import { Button } from '../../components/ui/button'
import { ApiError, isApiError } from '../../lib/api-error'
import { resetPasswordByToken } from './auth-api'
import { AuthLayout, FormAlert } from './auth-layout'
import { PasswordFields } from './password-fields'
import { usePasswordForm } from './use-password-form'

const route = getRouteApi('/reset-password')

/** /reset-password?token=…: the page the reset mail links to. */
export function ResetPasswordPage() {
  const { token } = route.useSearch()
  const form = usePasswordForm(async ({ newPassword }) => {
    try {
      return await resetPasswordByToken(token ?? '', newPassword)
    } catch (error) {
      // The API names the field `password`; on this form it is the new-password field.
      if (isApiError(error, 400) && error.fieldErrors.password) {
        throw new ApiError({ ...error.problem, errors: { newPassword: error.fieldErrors.password } })
      }
      throw error
    }
  })

  const footer = (
    <Link to="/login" className="text-link hover:underline">
      {form.done ? 'Sign in with the new password' : 'Back to sign in'}
    </Link>
  )

  return (
    <AuthLayout title="Choose a new password" footer={footer}>
      {!token ? (
        <FormAlert tone="danger">{messages.passwordResetFailed}</FormAlert>
      ) : form.done ? (
        <FormAlert tone="success">{form.done}</FormAlert>
      ) : (
        <form onSubmit={form.submit} noValidate className="flex flex-col gap-4">
          {(form.formError || form.errors.token) && <FormAlert tone="danger">{messages.passwordResetFailed}</FormAlert>}
          <PasswordFields idPrefix="rp" values={form.values} errors={form.errors} onChange={form.onChange} autoFocus />
          <Button type="submit" variant="primary" className="mt-1 h-9" disabled={form.pending}>
            {form.pending && <Loader2 className="animate-spin" />}
            Reset password
          </Button>
        </form>
      )}
    </AuthLayout>
  )
}
