import { useQueryClient } from '@tanstack/react-query'
import { Loader2 } from 'lucide-react'
import { useState, type FormEvent } from 'react'
import { createLoadSchema, loadEquipment, loadTypes, updateLoadSchema, usStates, type LoadRow } from '@crm/contracts'
import { SelectField, TextAreaField, TextField } from '../../components/form/form-fields'
import { ModalBody, ModalFooter } from '../../components/modal/modal-layout'
import { defineModal, type ModalComponentProps } from '../../components/modal/modal-registry'
import { Button } from '../../components/ui/button'
import { isApiError } from '../../lib/api-error'
import { normalizeFieldErrors, zodFieldErrors, type FieldErrors } from '../../lib/field-errors'
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
  const [values, setValues] = useState(initial)
  const [errors, setErrors] = useState<FieldErrors>({})
  const [pending, setPending] = useState(false)
  const queryClient = useQueryClient()
  const set = (field: LoadFormField) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }))
    // An edited field drops its error (docs/product.md 8).
    setErrors(({ [field]: _, ...rest }) => rest)
  }

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

  const e = errors
  return (
    <form onSubmit={submit} noValidate className="flex min-h-0 flex-1 flex-col">
      <ModalBody className="grid grid-cols-1 gap-x-4 gap-y-3 sm:grid-cols-3">
        <TextField
          id="ld-origin-city"
          label="Origin city"
          required
          value={values.originCity}
          onChange={set('originCity')}
          error={e.originCity}
        />
        <SelectField
          id="ld-origin-state"
          label="Origin state"
          required
          value={values.originStateId}
          onChange={set('originStateId')}
          options={stateOptions}
          error={e.originStateId}
        />
        <TextField
          id="ld-origin-zip"
          label="Origin zip"
          value={values.originZip}
          onChange={set('originZip')}
          error={e.originZip}
        />
        <TextField
          id="ld-destination-city"
          label="Destination city"
          required
          value={values.destinationCity}
          onChange={set('destinationCity')}
          error={e.destinationCity}
        />
        <SelectField
          id="ld-destination-state"
          label="Destination state"
          required
          value={values.destinationStateId}
          onChange={set('destinationStateId')}
          options={stateOptions}
          error={e.destinationStateId}
        />
        <TextField
          id="ld-destination-zip"
          label="Destination zip"
          value={values.destinationZip}
          onChange={set('destinationZip')}
          error={e.destinationZip}
        />
        <TextField
          id="ld-pick-up"
          label="Pick-up date"
          type="date"
          required
          value={values.pickUpDate}
          onChange={set('pickUpDate')}
          error={e.pickUpDate}
        />
        <TextField
          id="ld-pay"
          label="Load pay (USD)"
          required
          placeholder="0.00"
          value={values.loadPay}
          onChange={set('loadPay')}
          error={e.loadPay}
        />
        <SelectField
          id="ld-type"
          label="Load type"
          value={values.loadTypeId}
          onChange={set('loadTypeId')}
          options={typeOptions}
          error={e.loadTypeId}
        />
        <TextField id="ld-product" label="Product" value={values.product} onChange={set('product')} error={e.product} />
        <SelectField
          id="ld-equipment"
          label="Equipment"
          value={values.equipmentId}
          onChange={set('equipmentId')}
          options={equipmentOptions}
          error={e.equipmentId}
        />
        <TextField
          id="ld-weight"
          label="Weight (lbs)"
          value={values.weight}
          onChange={set('weight')}
          error={e.weight}
        />
        <TextAreaField
          id="ld-notes"
          label="Notes"
          value={values.notes}
          onChange={set('notes')}
          error={e.notes}
          className="sm:col-span-3"
        />
      </ModalBody>
      <ModalFooter>
        <Button onClick={close}>Cancel</Button>
        <Button type="submit" variant="primary" disabled={pending}>
          {pending && <Loader2 className="animate-spin" />}
          {load ? 'Save load' : 'Create load'}
        </Button>
      </ModalFooter>
    </form>
  )
}

/** The create_load window (950 px, docs/product.md 2): books a load, or edits one. */
export const loadModal = defineModal<Props>('create_load', {
  title: (props) => (props.load ? 'Edit load' : 'New load'),
  component: LoadForm,
})
