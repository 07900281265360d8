import { useQueryClient } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { createUserSchema, updateUserSchema, type RoleName, type User, DEFAULT_DIVISION_ID } from '@crm/contracts'
import { Checkbox } from '../../components/ui/checkbox'
import { TextField } from '../../components/form/form-fields'
import { useForm } from '../../components/form/use-form'
import { FormActions } from '../../components/modal/modal-actions'
import { notify } from '../../lib/notify'
import { ModalBody } from '../../components/modal/modal-layout'
import { defineModal, type ModalComponentProps } from '../../components/modal/modal-registry'
import { adminCommands } from './admin-api'
import { ExpectationFields } from './expectation-fields'
import { expectationValuesOf, toExpectations } from './expectation-values'
import { PermissionCheckboxes } from './permission-checkboxes'
import { DivisionSelect, ManagerSelect, RoleSelect } from './user-form-fields'
import { useSubmit } from '../../lib/use-submit'

type Props = { user?: User }

function UserForm({ props: { user }, close }: ModalComponentProps<Props>) {
  const form = useForm({
    email: user?.email ?? '',
    name: user?.name ?? '',
    password: '',
    divisionId: String(user?.divisionId ?? DEFAULT_DIVISION_ID),
    managerId: user?.managerId ?? '',
    role: 'rep',
  })
  const { values, errors, setErrors, field } = form
  const [permissions, setPermissions] = useState<string[]>(user?.permissions ?? [])
  const [active, setActive] = useState(user?.active ?? true)
  const [expectations, setExpectations] = useState(() => expectationValuesOf(user?.expectations))
  const { pending, send } = useSubmit(setErrors)
  const queryClient = useQueryClient()

  async function submit(event: FormEvent) {
    event.preventDefault()
    const common = {
      email: values.email.trim(),
      name: values.name,
      divisionId: Number(values.divisionId),
      managerId: values.managerId || null,
    }
    const parsed = user
      ? form.validate(updateUserSchema, { ...common, permissions, active, expectations: toExpectations(expectations) })
      : form.validate(createUserSchema, { ...common, password: values.password, role: values.role as RoleName })
    if (!parsed) return
    await send(async () => {
      if (user) await adminCommands.updateUser(user.userId, parsed)
      else await adminCommands.createUser(parsed as Parameters<typeof adminCommands.createUser>[0])
      notify.success(user ? 'User updated' : 'User created')
      void queryClient.invalidateQueries({ queryKey: ['users'] })
      close()
    })
  }

  return (
    <form onSubmit={submit} noValidate className="flex min-h-0 flex-1 flex-col">
      <ModalBody className="flex flex-col gap-5">
        <div className="grid grid-cols-2 gap-x-4 gap-y-3.5">
          <TextField id="user-name" label="Name" required {...field('name')} />
          <TextField id="user-email" label="Email" type="email" required {...field('email')} />
          <DivisionSelect {...field('divisionId')} />
          <ManagerSelect {...field('managerId')} selfId={user?.userId} />
          {!user && (
            <TextField id="user-password" label="Initial password" type="password" required {...field('password')} />
          )}
          {!user && <RoleSelect {...field('role')} />}
        </div>
        {user && (
          <ExpectationFields
            idPrefix="user"
            values={expectations}
            errors={errors}
            onChange={(next) => {
              setExpectations(next)
              setErrors((current) =>
                Object.fromEntries(Object.entries(current).filter(([key]) => !key.startsWith('expectations.'))),
              )
            }}
          />
        )}
        {user && <PermissionCheckboxes value={permissions} onChange={setPermissions} />}
        {user && (
          <label className="flex items-center gap-2 text-[13px]">
            <Checkbox checked={active} onCheckedChange={(c) => setActive(c === true)} />
            Active (inactive users cannot log in)
          </label>
        )}
      </ModalBody>
      <FormActions close={close} pending={pending} label={user ? 'Save changes' : 'Create user'} />
    </form>
  )
}

export const userFormModal = defineModal<Props>('user_form', {
  title: (p) => (p.user ? `Edit ${p.user.name}` : 'New user'),
  width: 640,
  component: UserForm,
})
