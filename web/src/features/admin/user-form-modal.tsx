import { useQueryClient } from '@tanstack/react-query'
import { Loader2 } from 'lucide-react'
import { useState, type FormEvent } from 'react'
import { createUserSchema, updateUserSchema, type RoleName, type User } from '@crm/contracts'
import { Button } from '../../components/ui/button'
import { Checkbox } from '../../components/ui/checkbox'
import { isApiError } from '../../lib/api-error'
import { normalizeFieldErrors, zodFieldErrors, type FieldErrors } from '../../lib/field-errors'
import { notify } from '../../lib/notify'
import { ModalBody, ModalFooter } from '../modals/modal-layout'
import { defineModal, type ModalComponentProps } from '../modals/modal-registry'
import { adminCommands } from './admin-api'
import { PermissionCheckboxes } from './permission-checkboxes'
import { DivisionSelect, ManagerSelect, RoleSelect, TextField, type UserFormValues } from './user-form-fields'

type Props = { user?: User }

function UserForm({ props: { user }, close }: ModalComponentProps<Props>) {
  const [values, setValues] = useState<UserFormValues>({
    email: user?.email ?? '',
    name: user?.name ?? '',
    password: '',
    divisionId: String(user?.divisionId ?? 15),
    managerId: user?.managerId ?? '',
    role: 'rep',
  })
  const [permissions, setPermissions] = useState<string[]>(user?.permissions ?? [])
  const [active, setActive] = useState(user?.active ?? true)
  const [errors, setErrors] = useState<FieldErrors>({})
  const [pending, setPending] = useState(false)
  const queryClient = useQueryClient()
  const set = (field: keyof UserFormValues, value: string) => {
    setValues((v) => ({ ...v, [field]: value }))
    setErrors(({ [field]: _, ...rest }) => rest)
  }

  async function submit(event: FormEvent) {
    event.preventDefault()
    const common = {
      email: values.email.trim(),
      name: values.name,
      divisionId: Number(values.divisionId),
      managerId: values.managerId || null,
    }
    const parsed = user
      ? updateUserSchema.safeParse({ ...common, permissions, active })
      : createUserSchema.safeParse({ ...common, password: values.password, role: values.role as RoleName })
    if (!parsed.success) return setErrors(zodFieldErrors(parsed.error))
    setPending(true)
    try {
      if (user) await adminCommands.updateUser(user.userId, parsed.data)
      else await adminCommands.createUser(parsed.data as Parameters<typeof adminCommands.createUser>[0])
      notify.success(user ? 'User updated' : 'User created')
      void queryClient.invalidateQueries({ queryKey: ['users'] })
      close()
    } catch (error) {
      if (isApiError(error, 400)) setErrors(normalizeFieldErrors(error.fieldErrors))
    } finally {
      setPending(false)
    }
  }

  const field = { values, errors, set }
  return (
    <form onSubmit={submit} noValidate className="flex min-h-0 flex-1 flex-col">
      <ModalBody className="flex flex-col gap-5">
        <div className="grid grid-cols-2 gap-x-4 gap-y-3.5">
          <TextField field="name" label="Name" required {...field} />
          <TextField field="email" label="Email" type="email" required {...field} />
          <DivisionSelect {...field} />
          <ManagerSelect {...field} selfId={user?.userId} />
          {!user && <TextField field="password" label="Initial password" type="password" required {...field} />}
          {!user && <RoleSelect values={values} set={set} />}
        </div>
        {user && <PermissionCheckboxes value={permissions} onChange={setPermissions} />}
        {user && (
          <label className="flex items-center gap-2 text-[13px]">
            <Checkbox checked={active} onCheckedChange={(c) => setActive(c === true)} />
            Active (inactive users cannot log in)
          </label>
        )}
      </ModalBody>
      <ModalFooter>
        <Button onClick={close}>Cancel</Button>
        <Button type="submit" variant="primary" disabled={pending}>
          {pending && <Loader2 className="animate-spin" />}
          {user ? 'Save changes' : 'Create user'}
        </Button>
      </ModalFooter>
    </form>
  )
}

export const userFormModal = defineModal<Props>('user_form', {
  title: (p) => (p.user ? `Edit ${p.user.name}` : 'New user'),
  width: 640,
  component: UserForm,
})
