import { useQueryClient } from '@tanstack/react-query'
import type { FormEvent } from 'react'
import { messages, updateUserSchema, type User } from '@crm/contracts'
import { useForm } from '../../components/form/use-form'
import { FormActions } from '../../components/modal/modal-actions'
import { notify } from '../../lib/notify'
import { ModalBody } from '../../components/modal/modal-layout'
import { defineModal, type ModalComponentProps } from '../../components/modal/modal-registry'
import { adminCommands } from './admin-api'
import { ExpectationFields } from './expectation-fields'
import { expectationValuesOf, toExpectations } from './expectation-values'
import { useSubmit } from '../../lib/use-submit'

type Props = { user: Pick<User, 'userId' | 'name' | 'expectations'> }

/** A manager sets a team member's targets (PATCH /users/{id} with expectations only; the server checks the team). */
function ExpectationsForm({ props: { user }, close }: ModalComponentProps<Props>) {
  const { values, setValues, errors, setErrors, validate } = useForm(expectationValuesOf(user.expectations))
  const { pending, send } = useSubmit(setErrors)
  const queryClient = useQueryClient()

  async function submit(event: FormEvent) {
    event.preventDefault()
    const parsed = validate(updateUserSchema, { expectations: toExpectations(values) })
    if (!parsed) return
    await send(async () => {
      await adminCommands.updateUser(user.userId, parsed)
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
      <FormActions close={close} pending={pending} label="Save expectations" />
    </form>
  )
}

export const expectationsModal = defineModal<Props>('user_expectations', {
  title: (p) => `Expectations of ${p.user.name}`,
  width: 560,
  component: ExpectationsForm,
})
