import { useQueryClient } from '@tanstack/react-query'
import { Loader2 } from 'lucide-react'
import { useState, type FormEvent } from 'react'
import { createUserSchema, updateUserSchema, type RoleName, type User, DEFAULT_DIVISION_ID } from '@crm/contracts'
import { Button } from '../../components/ui/button'
import { Checkbox } from '../../components/ui/checkbox'
import { zodFieldErrors, type FieldErrors } from '../../lib/field-errors'
import { notify } from '../../lib/notify'
import { ModalBody, ModalFooter } from '../../components/modal/modal-layout'
import { defineModal, type ModalComponentProps } from '../../components/modal/modal-registry'
import { adminCommands } from './admin-api'
import { ExpectationFields } from './expectation-fields'
import { expectationValuesOf, toExpectations } from './expectation-values'
import { PermissionCheckboxes } from './permission-checkboxes'
import { DivisionSelect, ManagerSelect, RoleSelect, TextField, type UserFormValues } from './user-form-fields'
import { useSubmit } from '../../lib/use-submit'

type Props = { user?: User }

function UserForm({ props: { user }, close }: ModalComponentProps<Props>) {
  const [values, setValues] = useState<UserFormValues>({
    email: user?.email ?? '',
    name: user?.name ?? '',
    password: '',
    divisionId: String(user?.divisionId ?? DEFAULT_DIVISION_ID),
    managerId: user?.managerId ?? '',
    role: 'rep',
  })
  const [permissions, setPermissions] = useState<string[]>(user?.permissions ?? [])
  const [active, setActive] = useState(user?.active ?? true)
  const [expectations, setExpectations] = useState(() => expectationValuesOf(user?.expectations))
  const [errors, setErrors] = useState<FieldErrors>({})
  const { pending, send } = useSubmit(setErrors)
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
      ? updateUserSchema.safeParse({ ...common, permissions, active, expectations: toExpectations(expectations) })
      : createUserSchema.safeParse({ ...common, password: values.password, role: values.role as RoleName })
    if (!parsed.success) return setErrors(zodFieldErrors(parsed.error))
    await send(async () => {
      if (user) await adminCommands.updateUser(user.userId, parsed.data)
      else await adminCommands.createUser(parsed.data as Parameters<typeof adminCommands.createUser>[0])
      notify.success(user ? 'User updated' : 'User created')
      void queryClient.invalidateQueries({ queryKey: ['users'] })
      close()
    })
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
