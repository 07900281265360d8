import { useQueryClient } from '@tanstack/react-query'
import { Loader2 } from 'lucide-react'
import { useState, type FormEvent } from 'react'
import { messages, updateUserSchema, type User } from '@crm/contracts'
import { Button } from '../../components/ui/button'
import { zodFieldErrors, type FieldErrors } from '../../lib/field-errors'
import { notify } from '../../lib/notify'
import { ModalBody, ModalFooter } from '../../components/modal/modal-layout'
import { defineModal, type ModalComponentProps } from '../../components/modal/modal-registry'
import { adminCommands } from './admin-api'
import { ExpectationFields } from './expectation-fields'
import { expectationValuesOf, toExpectations } from './expectation-values'
import { useSubmit } from '../../lib/use-submit'

type Props = { user: Pick<User, 'userId' | 'name' | 'expectations'> }

/** A manager sets a team member's targets (PATCH /users/{id} with expectations only; the server checks the team). */
function ExpectationsForm({ props: { user }, close }: ModalComponentProps<Props>) {
  const [values, setValues] = useState(() => expectationValuesOf(user.expectations))
  const [errors, setErrors] = useState<FieldErrors>({})
  const { pending, send } = useSubmit(setErrors)
  const queryClient = useQueryClient()

  async function submit(event: FormEvent) {
    event.preventDefault()
    const parsed = updateUserSchema.safeParse({ expectations: toExpectations(values) })
    if (!parsed.success) return setErrors(zodFieldErrors(parsed.error))
    await send(async () => {
      await adminCommands.updateUser(user.userId, parsed.data)
      notify.success(messages.dataSaved)
      void queryClient.invalidateQueries({ queryKey: ['users'] })
      close()
    })
  }

  return (
    <form onSubmit={submit} noValidate className="flex min-h-0 flex-1 flex-col">
      <ModalBody>
        <ExpectationFields
          idPrefix="team"
          values={values}
          errors={errors}
          onChange={(next) => {
            setValues(next)
            setErrors({})
          }}
        />
      </ModalBody>
      <ModalFooter>
        <Button onClick={close}>Cancel</Button>
        <Button type="submit" variant="primary" disabled={pending}>
          {pending && <Loader2 className="animate-spin" />}
          Save expectations
        </Button>
      </ModalFooter>
    </form>
  )
}

export const expectationsModal = defineModal<Props>('user_expectations', {
  title: (p) => `Expectations of ${p.user.name}`,
  width: 560,
  component: ExpectationsForm,
})
