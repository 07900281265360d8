import { useQueryClient } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { createLoadSchema, loadEquipment, loadTypes, updateLoadSchema, usStates, type LoadRow } from '@crm/contracts'
import { SelectField, TextAreaField, TextField } from '../../components/form/form-fields'
import { useForm } from '../../components/form/use-form'
import { ModalBody } from '../../components/modal/modal-layout'
import { FormActions } from '../../components/modal/modal-actions'
import { defineModal, type ModalComponentProps } from '../../components/modal/modal-registry'
import { isApiError } from '../../lib/api-error'
import { normalizeFieldErrors, zodFieldErrors } from '../../lib/field-errors'
import { notify } from '../../lib/notify'
import { lifecycleKeys } from '../../lib/query-keys'
import { emptyLoadForm, loadFormValuesOf, toLoadChanges, toLoadInput, type LoadFormField } from './load-form-values'
import { logisticsCommands } from './logistics-api'

/** The state lookup (ids 2-52) as select options, by name. */
const stateOptions = Object.fromEntries(usStates.map((s) => [s.id, s.name]))
const typeOptions = Object.fromEntries(loadTypes.map((t) => [t.id, t.name]))
const equipmentOptions = Object.fromEntries(loadEquipment.map((e) => [e.id, e.name]))

/** Booking needs the customer; without one the form says so ('Unable to obtain customer id'). */
type Props = { contactId: string | null; load?: LoadRow }

function LoadForm({ props: { contactId, load }, close }: ModalComponentProps<Props>) {
  const [initial] = useState(() => (load ? loadFormValuesOf(load) : emptyLoadForm))
  // An edited field drops its error (docs/product.md 8).
  const { values, setErrors, field } = useForm<LoadFormField>(initial)
  const [pending, setPending] = useState(false)
  const queryClient = useQueryClient()

  const send = async (work: () => Promise<{ message: string; contactId: string }>) => {
    setPending(true)
    try {
      const answer = await work()
      notify.success(answer.message)
      await queryClient.invalidateQueries({ queryKey: lifecycleKeys.all(answer.contactId) })
      close()
    } catch (error) {
      if (isApiError(error, 400)) {
        const fieldErrors = normalizeFieldErrors(error.fieldErrors)
        setErrors(fieldErrors)
        if (fieldErrors.contactId) notify.error(fieldErrors.contactId)
      }
    } finally {
      setPending(false)
    }
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (load) {
      const parsed = updateLoadSchema.safeParse(toLoadChanges(initial, values))
      if (!parsed.success) return setErrors(zodFieldErrors(parsed.error))
      return void send(() => logisticsCommands.editLoad(load.id, parsed.data))
    }
    const parsed = createLoadSchema.safeParse({ ...toLoadInput(values), contactId: contactId ?? undefined })
    if (!parsed.success) {
      const fieldErrors = zodFieldErrors(parsed.error)
      setErrors(fieldErrors)
      if (fieldErrors.contactId) notify.error(fieldErrors.contactId)
      return
    }
    void send(() => logisticsCommands.bookLoad(parsed.data))
  }

  return (
    <form onSubmit={submit} noValidate className="flex min-h-0 flex-1 flex-col">
      <ModalBody className="grid grid-cols-1 gap-x-4 gap-y-3 sm:grid-cols-3">
        <TextField id="ld-origin-city" label="Origin city" required {...field('originCity')} />
        <SelectField
          id="ld-origin-state"
          label="Origin state"
          required
          {...field('originStateId')}
          options={stateOptions}
        />
        <TextField id="ld-origin-zip" label="Origin zip" {...field('originZip')} />
        <TextField id="ld-destination-city" label="Destination city" required {...field('destinationCity')} />
        <SelectField
          id="ld-destination-state"
          label="Destination state"
          required
          {...field('destinationStateId')}
          options={stateOptions}
        />
        <TextField id="ld-destination-zip" label="Destination zip" {...field('destinationZip')} />
        <TextField id="ld-pick-up" label="Pick-up date" type="date" required {...field('pickUpDate')} />
        <TextField id="ld-pay" label="Load pay (USD)" required placeholder="0.00" {...field('loadPay')} />
        <SelectField id="ld-type" label="Load type" {...field('loadTypeId')} options={typeOptions} />
        <TextField id="ld-product" label="Product" {...field('product')} />
        <SelectField id="ld-equipment" label="Equipment" {...field('equipmentId')} options={equipmentOptions} />
        <TextField id="ld-weight" label="Weight (lbs)" {...field('weight')} />
        <TextAreaField id="ld-notes" label="Notes" {...field('notes')} className="sm:col-span-3" />
      </ModalBody>
      <FormActions close={close} pending={pending} label={load ? 'Save load' : 'Create load'} />
    </form>
  )
}

/** The create_load window (950 px, docs/product.md 2): books a load, or edits one. */
export const loadModal = defineModal<Props>('create_load', {
  title: (props) => (props.load ? 'Edit load' : 'New load'),
  component: LoadForm,
})
