import { Link } from '@tanstack/react-router'
import { Loader2 } from 'lucide-react'
import { Button } from '../../components/ui/button'
import { notify } from '../../lib/notify'
import { FormField, invalidProps } from '../../components/ui/form-field'
import { Input } from '../../components/ui/input'
import { changeOwnPassword, changePasswordSignedOut } from './auth-api'
import { AuthLayout, FormAlert } from './auth-layout'
import { PasswordFields } from './password-fields'
import { useSession } from '../../lib/session-store'
import { usePasswordForm } from './use-password-form'

/**
 * /change-password, a public page (docs/product.md section 2): a logged-in user sets a new password for
 * themselves; someone signed out proves who they are with their email and current password.
 */
export function ChangePasswordPage() {
  const session = useSession()
  const form = usePasswordForm(
    async (values) => {
      const result = session
        ? await changeOwnPassword(session.user.userId, values)
        : await changePasswordSignedOut({
            ...values,
            email: values.email ?? '',
            currentPassword: values.currentPassword ?? '',
          })
      notify.success(result.message)
      return result
    },
    { withCurrent: true, withEmail: !session },
  )

  return (
    <AuthLayout
      title="Change password"
      subtitle={session ? `For ${session.user.email}` : undefined}
      footer={
        <Link to={session ? '/' : '/login'} className="text-link hover:underline">
          {session ? 'Back to the CRM' : 'Back to sign in'}
        </Link>
      }
    >
      <form onSubmit={form.submit} noValidate className="flex flex-col gap-4">
        {form.formError && <FormAlert tone="danger">{form.formError}</FormAlert>}
        {form.done && <FormAlert tone="success">{form.done}</FormAlert>}
        {form.values.email !== undefined && (
          <FormField id="cp-email" label="Email" error={form.errors.email}>
            <Input
              id="cp-email"
              type="email"
              autoComplete="username"
              autoFocus
              value={form.values.email}
              onChange={(e) => form.onChange('email', e.target.value)}
              {...invalidProps('cp-email', form.errors.email)}
            />
          </FormField>
        )}
        <PasswordFields
          idPrefix="cp"
          values={form.values}
          errors={form.errors}
          onChange={form.onChange}
          autoFocus={form.values.email === undefined}
        />
        <Button type="submit" variant="primary" className="mt-1 h-9" disabled={form.pending}>
          {form.pending && <Loader2 className="animate-spin" />}
          Change password
        </Button>
      </form>
    </AuthLayout>
  )
}
