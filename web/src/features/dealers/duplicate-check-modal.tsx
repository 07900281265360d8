import { Link } from '@tanstack/react-router'
import { TriangleAlert } from 'lucide-react'
import { useState, type FormEvent } from 'react'
import { cannotBeEmpty, dealerMessages } from '@crm/contracts'
import { TextField } from '../../components/form/form-fields'
import { bindFields, useForm } from '../../components/form/use-form'
import { ModalBody } from '../../components/modal/modal-layout'
import { FormActions } from '../../components/modal/modal-actions'
import { defineModal, type ModalComponentProps } from '../../components/modal/modal-registry'
import { maskPhone } from '../../lib/phone-mask'
import { useSubmit } from '../../lib/use-submit'
import { addDealerModal } from './add-dealer-modal'
import { checkDealerDuplicate } from './dealers-api'

type Duplicate = { id: string; name: string }

/**
 * Adding a dealer starts here (docs/product.md 4): Name, Phone Number and Zip Code are looked up first; a dealer
 * already in the CRM is named with a link to it, otherwise the add form (add_ts_dealer) opens prefilled.
 */
function DuplicateCheckForm({ close }: ModalComponentProps<undefined>) {
  const form = useForm({ name: '', businessPhone: '', addressZip: '' })
  const { values, errors, setErrors } = form
  const [duplicate, setDuplicate] = useState<Duplicate | null>(null)
  const { pending, send } = useSubmit(setErrors)
  const set = (field: keyof typeof values) => (value: string) => {
    setDuplicate(null)
    form.set(field)(value)
  }
  const field = bindFields(values, set, errors)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const empty: Record<string, string> = {}
    if (!values.name.trim()) empty.name = cannotBeEmpty('Name')
    if (!values.businessPhone.trim()) empty.businessPhone = cannotBeEmpty('Phone Number')
    if (Object.keys(empty).length > 0) return setErrors(empty)
    void send(async () => {
      const answer = await checkDealerDuplicate(values)
      if (answer.duplicate) return setDuplicate(answer.duplicate)
      close()
      // The add form, prefilled with what was checked (also reachable as /ts-dealers/add?name=&businessPhone=&addressZip=).
      addDealerModal.open({ name: values.name, businessPhone: values.businessPhone, zip: values.addressZip })
    })
  }

  return (
    <form onSubmit={submit} noValidate className="flex min-h-0 flex-1 flex-col">
      <ModalBody className="flex flex-col gap-3">
        <TextField id="dd-name" label="Name" {...field('name')} required />
        <TextField
          id="dd-businessPhone"
          label="Phone Number"
          type="tel"
          placeholder="(999) 999-9999"
          value={values.businessPhone}
          onChange={(v) => set('businessPhone')(maskPhone(v))}
          error={errors.businessPhone}
          required
        />
        <TextField id="dd-addressZip" label="Zip Code" {...field('addressZip')} />
        {duplicate && (
          <div role="alert" className="flex items-start gap-2 rounded-md border border-danger/40 bg-danger/5 p-3">
            <TriangleAlert className="mt-0.5 size-4 shrink-0 text-danger" />
            <div className="min-w-0">
              <p className="font-medium text-danger">{dealerMessages.duplicate}</p>
              <Link
                to="/ts-dealers/$id"
                params={{ id: duplicate.id }}
                onClick={close}
                className="inline-flex min-h-11 items-center font-medium text-link hover:underline sm:min-h-0"
              >
                Open {duplicate.name}
              </Link>
            </div>
          </div>
        )}
      </ModalBody>
      <FormActions close={close} pending={pending} label="Check" />
    </form>
  )
}

/** The dealers' duplicate-check window, as narrow as the add form it leads to. */
export const dealerDuplicateCheckModal = defineModal('dealer_duplicate_check', {
  title: 'Add dealer: duplicate check',
  width: 450,
  component: DuplicateCheckForm,
})
