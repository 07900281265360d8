import type { User } from '@crm/contracts'
import { Loader2 } from 'lucide-react'
import { Button } from '../../components/ui/button'
import { notify } from '../../lib/notify'
import { changeTeamUserPassword, FormAlert, PasswordFields, usePasswordForm } from '../auth'
import { ModalBody, ModalFooter } from '../../components/modal/modal-layout'
import { defineModal, type ModalComponentProps } from '../../components/modal/modal-registry'

type Props = { user: Pick<User, 'userId' | 'name' | 'email'> }

/**
 * Set another user's password (POST /auth/change-team-user-password/{id}): administrators for anyone,
 * managers for their own team (the server decides). Their sessions end, so they log in with the new one.
 */
function SetPasswordForm({ props: { user }, close }: ModalComponentProps<Props>) {
  const form = usePasswordForm(async (values) => {
    const result = await changeTeamUserPassword(user.userId, values)
    notify.success(result.message)
    close()
    return result
  })

  return (
    <form onSubmit={form.submit} noValidate className="flex min-h-0 flex-1 flex-col">
      <ModalBody className="flex flex-col gap-4">
        <p className="text-[13px] text-muted-foreground">
          A new password for <span className="font-medium text-foreground">{user.email}</span>. They are logged out
          everywhere and log in with it next time.
        </p>
        {form.formError && <FormAlert tone="danger">{form.formError}</FormAlert>}
        <PasswordFields
          idPrefix="set-password"
          values={form.values}
          errors={form.errors}
          onChange={form.onChange}
          autoFocus
        />
      </ModalBody>
      <ModalFooter>
        <Button onClick={close}>Cancel</Button>
        <Button type="submit" variant="primary" disabled={form.pending}>
          {form.pending && <Loader2 className="animate-spin" />}
          Set password
        </Button>
      </ModalFooter>
    </form>
  )
}

export const setPasswordModal = defineModal<Props>('set_user_password', {
  title: (p) => `Set password for ${p.user.name}`,
  width: 440,
  component: SetPasswordForm,
})
