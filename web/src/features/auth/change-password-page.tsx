import { Link } from '@tanstack/react-router'
import { Loader2 } from 'lucide-react'
import { Button } from '../../components/ui/button'
import { notify } from '../../lib/notify'
import { changeOwnPassword } from './auth-api'
import { AuthLayout, FormAlert } from './auth-layout'
import { PasswordFields } from './password-fields'
import { useSession } from '../../lib/session-store'
import { usePasswordForm } from './use-password-form'

/** /change-password: the logged-in user sets a new password for themselves. */
export function ChangePasswordPage() {
  const session = useSession()
  const form = usePasswordForm(
    async (values) => {
      const result = await changeOwnPassword(session!.user.userId, values)
      notify.success(result.message)
      return result
    },
    { withCurrent: true },
  )

  return (
    <AuthLayout
      title="Change password"
      subtitle={session ? `For ${session.user.email}` : undefined}
      footer={
        <Link to="/" className="text-link hover:underline">
          Back to the CRM
        </Link>
      }
    >
      <form onSubmit={form.submit} noValidate className="flex flex-col gap-4">
        {form.formError && <FormAlert tone="danger">{form.formError}</FormAlert>}
        {form.done && <FormAlert tone="success">{form.done}</FormAlert>}
        <PasswordFields idPrefix="cp" values={form.values} errors={form.errors} onChange={form.onChange} autoFocus />
        <Button type="submit" variant="primary" className="mt-1 h-9" disabled={form.pending}>
          {form.pending && <Loader2 className="animate-spin" />}
          Change password
        </Button>
      </form>
    </AuthLayout>
  )
}
