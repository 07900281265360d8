import {
  opportunityMessages,
  opportunityTypes,
  prospectStages,
  type CreateOpportunity,
  type OpportunityRow,
  type UpdateOpportunity,
} from '@crm/contracts'
import { useQueryClient } from '@tanstack/react-query'
import { Loader2 } from 'lucide-react'
import { SelectField, TextField } from '../../components/form/form-fields'
import { useForm } from '../../components/form/use-form'
import { ModalBody, ModalFooter } from '../../components/modal/modal-layout'
import { defineModal, type ModalComponentProps } from '../../components/modal/modal-registry'
import { Button } from '../../components/ui/button'
import { notify } from '../../lib/notify'
import { useSubmit } from '../../lib/use-submit'
import { opportunityCommands, opportunityKeys } from './opportunities-api'

type Props = { contactId: string; contactName: string; opportunity?: OpportunityRow }

const options = (table: Record<number, string>) => Object.fromEntries(Object.entries(table))

/** opportunity_modal (800): create or edit a contact's opportunity; closing it is the Closed Won / Lost stage. */
function OpportunityForm({ props, close }: ModalComponentProps<Props>) {
  const o = props.opportunity
  const form = useForm({
    opportunityName: o?.opportunityName ?? '',
    expectedCloseDate: o?.expectedCloseDate ?? '',
    prospectStage: o ? String(o.prospectStage) : '1',
    probability: o ? String(o.probability) : '',
    opportunityType: o ? String(o.opportunityType) : '',
    amount: o ? String(o.amount) : '',
  })
  const { values, field } = form
  const { pending, send } = useSubmit(form.setErrors)
  const queryClient = useQueryClient()

  const submit = async () => {
    const found: Record<string, string> = {}
    const probability = Number(values.probability)
    const amount = Number(values.amount)
    if (!values.opportunityName.trim()) found.opportunityName = opportunityMessages.nameRequired
    if (values.probability === '' || !Number.isInteger(probability) || probability < 0 || probability > 100) {
      found.probability = opportunityMessages.probabilityRange
    }
    if (!values.opportunityType) found.opportunityType = opportunityMessages.typeRequired
    if (values.amount === '' || !Number.isFinite(amount) || amount < 0)
      found.amount = opportunityMessages.amountNotNegative
    form.setErrors(found)
    if (Object.keys(found).length > 0) return
    const fields = {
      opportunityName: values.opportunityName.trim(),
      prospectStage: Number(values.prospectStage),
      probability,
      opportunityType: Number(values.opportunityType),
      amount: Math.round(amount * 100) / 100,
      ...(values.expectedCloseDate && { expectedCloseDate: values.expectedCloseDate }),
    }
    await send(async () => {
      if (o) {
        const changed = Object.fromEntries(
          Object.entries(fields).filter(([k, v]) => v !== (o as unknown as Record<string, unknown>)[k]),
        ) as UpdateOpportunity
        if (Object.keys(changed).length > 0) await opportunityCommands.update(o.id, changed)
      } else {
        await opportunityCommands.create({ ...fields, contactId: props.contactId } as CreateOpportunity)
      }
      notify.success(o ? 'Opportunity updated' : 'Opportunity created')
      await queryClient.invalidateQueries({ queryKey: opportunityKeys.all })
      close()
    })
  }

  return (
    <>
      <ModalBody className="grid grid-cols-1 gap-x-4 gap-y-3.5 sm:grid-cols-2">
        <TextField
          id="opp-name"
          label="Opportunity name"
          required
          {...field('opportunityName')}
          className="sm:col-span-2"
        />
        <SelectField
          id="opp-stage"
          label="Stage"
          required
          {...field('prospectStage')}
          options={options(prospectStages)}
        />
        <SelectField
          id="opp-type"
          label="Opportunity type"
          required
          {...field('opportunityType')}
          options={options(opportunityTypes)}
        />
        <TextField id="opp-probability" label="Probability (%)" type="number" required {...field('probability')} />
        <TextField
          id="opp-amount"
          label="Amount (USD)"
          type="number"
          required
          placeholder="0.00"
          {...field('amount')}
        />
        <TextField
          id="opp-close"
          label="Expected close date"
          type="date"
          placeholder="From the contact's grade"
          {...field('expectedCloseDate')}
        />
      </ModalBody>
      <ModalFooter>
        <Button onClick={close}>Cancel</Button>
        <Button variant="primary" disabled={pending} onClick={() => void submit()}>
          {pending && <Loader2 className="animate-spin" />}
          {o ? 'Save opportunity' : 'Create opportunity'}
        </Button>
      </ModalFooter>
    </>
  )
}

const opportunityModal = defineModal<Props>('opportunity_modal', {
  title: (p) => (p.opportunity ? 'Opportunity' : `New opportunity · ${p.contactName}`),
  component: (p) => <OpportunityForm key={p.props.opportunity?.id ?? 'new'} {...p} />,
})

export const openOpportunity = (props: Props) => opportunityModal.open(props)
