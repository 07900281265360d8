import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { Loader2 } from 'lucide-react'
import { useState, type FormEvent } from 'react'
import { createLogisticsCustomerSchema, logisticsMessages } from '@crm/contracts'
import { SelectField } from '../../components/form/form-fields'
import { ModalBody, ModalFooter } from '../../components/modal/modal-layout'
import { defineModal, type ModalComponentProps } from '../../components/modal/modal-registry'
import { Button } from '../../components/ui/button'
import { isApiError } from '../../lib/api-error'
import { normalizeFieldErrors, zodFieldErrors } from '../../lib/field-errors'
import { notify } from '../../lib/notify'
import { listKeys } from '../../lib/query-keys'
import {
  ContactFormFields,
  emptyContactForm,
  toCreateContactInput,
  toFormErrors,
  type ContactFormField,
  type FormErrors,
} from '../contacts'
import { logisticsCommands } from './logistics-api'

/** The statuses a logistics customer can start in: Pending is the logistics division's own. */
const startStatuses = { 1: 'Lead', 2: 'Prospect', 3: 'Account', 8: 'Pending' }

function CreateCustomerForm({ close }: ModalComponentProps<undefined>) {
  const [values, setValues] = useState({ ...emptyContactForm, contactCategory: '3' })
  const [statusId, setStatusId] = useState('1')
  const [errors, setErrors] = useState<FormErrors>({})
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const mutation = useMutation({
    mutationFn: logisticsCommands.createCustomer,
    onSuccess: ({ id, message }) => {
      notify.success(message)
      void queryClient.invalidateQueries({ queryKey: listKeys.all })
      close()
      void navigate({ to: '/customer-logistics/all-customers/$id', params: { id } })
    },
    onError: (error) => {
      if (isApiError(error, 400)) setErrors(toFormErrors(normalizeFieldErrors(error.fieldErrors)))
    },
  })
  const set = (field: ContactFormField, value: string) => {
    setValues((v) => ({ ...v, [field]: value }))
    setErrors(({ [field]: _, ...rest }) => rest)
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const { divisionId: _division, ...input } = toCreateContactInput(values, null)
    const parsed = createLogisticsCustomerSchema.safeParse({ ...input, statusId: Number(statusId) })
    if (!parsed.success) return setErrors(toFormErrors(zodFieldErrors(parsed.error)))
    setErrors({})
    mutation.mutate(parsed.data)
  }
  return (
    <form onSubmit={submit} noValidate className="flex min-h-0 flex-1 flex-col">
      <ModalBody className="flex flex-col gap-6">
        <SelectField id="lc-status" label="Status" value={statusId} onChange={setStatusId} options={startStatuses} />
        <ContactFormFields idPrefix="lc" values={values} errors={errors} set={set} />
      </ModalBody>
      <ModalFooter>
        <Button onClick={close}>Cancel</Button>
        <Button type="submit" variant="primary" disabled={mutation.isPending}>
          {mutation.isPending && <Loader2 className="animate-spin" />}
          Create customer
        </Button>
      </ModalFooter>
    </form>
  )
}

/** New logistics customer: the contact form, in the logistics division ('Customer successfully created.'). */
export const createCustomerModal = defineModal('create_logistics_customer', {
  title: 'New customer',
  component: CreateCustomerForm,
})

export const customerCreatedMessage = logisticsMessages.customerCreated
