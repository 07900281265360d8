import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import type { FormEvent } from 'react'
import { createDealerSchema, dealerMessages } from '@crm/contracts'
import { useForm } from '../../components/form/use-form'
import { ModalBody } from '../../components/modal/modal-layout'
import { FormActions } from '../../components/modal/modal-actions'
import { defineModal, type ModalComponentProps } from '../../components/modal/modal-registry'
import { notify } from '../../lib/notify'
import { maskPhone } from '../../lib/phone-mask'
import { listKeys } from '../../lib/query-keys'
import { useSubmit } from '../../lib/use-submit'
import { createDealer } from './dealers-api'
import { DealerFormFields } from './dealer-form-fields'
import { emptyDealerForm, toCreateDealerInput, type DealerFormValues } from './dealer-form-values'

export type AddDealerPrefill = Pick<DealerFormValues, 'name' | 'businessPhone' | 'zip'>

function AddDealerForm({ props: prefill, close }: ModalComponentProps<AddDealerPrefill>) {
  // A phone from a link may come as bare digits: shown in the form's mask.
  const form = useForm(emptyDealerForm({ ...prefill, businessPhone: maskPhone(prefill.businessPhone) }))
  const { pending, send } = useSubmit(form.setErrors)
  const queryClient = useQueryClient()
  const navigate = useNavigate()

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const body = form.validate(createDealerSchema, toCreateDealerInput(form.values))
    if (!body) return
    void send(async () => {
      const { id } = await createDealer(body)
      notify.success(dealerMessages.created)
      await queryClient.invalidateQueries({ queryKey: listKeys.all })
      close()
      await navigate({ to: '/ts-dealers/$id', params: { id } })
    })
  }

  return (
    <form onSubmit={submit} noValidate className="flex min-h-0 flex-1 flex-col">
      <ModalBody>
        <DealerFormFields idPrefix="ad" values={form.values} errors={form.errors} set={form.set} />
      </ModalBody>
      <FormActions close={close} pending={pending} label="Add dealer" />
    </form>
  )
}

/** add_ts_dealer (450 px): the dealer's form, prefilled from the duplicate check. */
export const addDealerModal = defineModal<AddDealerPrefill>('add_ts_dealer', {
  title: 'Add dealer',
  component: AddDealerForm,
})
