import {
  ContactStatus,
  EXECUTIVE_DIVISION_ID,
  contactCategories,
  effortLevelFromTrucks,
  effortLevelLockedFor,
  effortLevels,
  grades,
  messages,
  nationalities,
  prospectSources,
  accountSources,
  convertRequirements,
} from '@crm/contracts'
import { Loader2 } from 'lucide-react'
import { Button } from '../../components/ui/button'
import { ModalBody, ModalFooter } from '../../components/modal/modal-layout'
import { defineModal, type ModalComponentProps } from '../../components/modal/modal-registry'
import { numberOrNull, SelectField } from '../../components/form/form-fields'
import { LesseeFields, useLesseeForm } from './lessee-fields'
import { useContactCommand } from '../../lib/use-contact-command'
import { contactCommands } from './lifecycle-api'
import { useForm } from '../../components/form/use-form'

export type ConvertProps = {
  contactId: string
  divisionId: number
  fromStatusId: number
  contactCategory: number
  companyTypeId: number | null
  numberOfTrucks: number | null
  withLessee?: boolean
  unassigned?: boolean
}

function ConvertForm({ props, close }: ModalComponentProps<ConvertProps>) {
  const toProspect = props.fromStatusId === ContactStatus.Lead
  const rated = effortLevelFromTrucks(props.companyTypeId, props.numberOfTrucks)
  const form = useForm({
    effortLevel: rated ? String(rated) : '',
    grade: '',
    prospectSource: '',
    accountSource: '',
    nationalityId: '',
    contactCategory: String(props.contactCategory),
  })
  const lessee = useLesseeForm()
  const command = useContactCommand(props.contactId, {
    success: messages.conversionSuccessful,
    onDone: close,
    onFieldErrors: (errors) => (props.withLessee ? lessee.setErrors(errors) : form.setErrors(errors)),
  })
  const { values: v, field } = form
  const requirements = props.unassigned
    ? convertRequirements.toUnassignedProspect
    : toProspect
      ? convertRequirements.toProspect
      : convertRequirements.toAccount

  const submit = () => {
    const base = { contactId: props.contactId, divisionId: props.divisionId, creationDate: new Date().toISOString() }
    if (props.unassigned) {
      const body = { ...base, grade: numberOrNull(v.grade), prospectSource: numberOrNull(v.prospectSource) }
      if (!form.validate(requirements, body)) return
      return command.mutate(() => contactCommands.convertToUnassignedProspect(body))
    }
    const body = {
      ...base,
      statusId: toProspect ? ContactStatus.Prospect : ContactStatus.Account,
      contactCategory: Number(v.contactCategory),
      effortLevel: numberOrNull(v.effortLevel),
      grade: numberOrNull(v.grade),
      prospectSource: numberOrNull(v.prospectSource),
      accountSource: numberOrNull(v.accountSource),
      nationalityId: numberOrNull(v.nationalityId),
    }
    // Both checks run before either stops the submit, so every missing field shows at once.
    const complete = form.validate(requirements, body) !== null
    const picked = props.withLessee ? lessee.toPayload() : null
    if (!complete || (props.withLessee && !picked)) return
    if (props.withLessee) {
      const lesseePicked = picked!
      return command.mutate(() => contactCommands.convertWithLessee({ ...body, lessee: lesseePicked }))
    }
    command.mutate(() => contactCommands.convert(body))
  }

  return (
    <>
      <ModalBody className="grid grid-cols-2 gap-x-4 gap-y-3.5">
        <p className="col-span-2 text-muted-foreground">
          {props.unassigned
            ? 'Lead → unassigned Prospect: it goes to the division’s unassigned prospects.'
            : toProspect
              ? 'Lead → Prospect'
              : 'Prospect → Account'}
        </p>
        {toProspect && !props.unassigned && (
          <SelectField
            id="cv-effort"
            label="Effort level"
            required
            {...field('effortLevel')}
            options={effortLevels}
            disabled={rated !== null}
            hint={rated !== null ? effortLevelLockedFor(props.companyTypeId) : undefined}
            className="col-span-2"
          />
        )}
        {toProspect && (
          <>
            <SelectField id="cv-grade" label="Grade" required {...field('grade')} options={grades} />
            <SelectField
              id="cv-prospect-source"
              label="Prospect source"
              required
              {...field('prospectSource')}
              options={prospectSources}
            />
          </>
        )}
        {!toProspect && (
          <>
            <SelectField
              id="cv-account-source"
              label="Account source"
              required
              {...field('accountSource')}
              options={accountSources}
            />
            <SelectField
              id="cv-language"
              label="Preferred language"
              required
              {...field('nationalityId')}
              options={nationalities}
            />
          </>
        )}
        {!props.unassigned && (
          <SelectField
            id="cv-category"
            label="Contact category"
            {...field('contactCategory')}
            options={contactCategories}
          />
        )}
        {props.withLessee && <LesseeFields form={lessee} className="col-span-2" />}
      </ModalBody>
      <ModalFooter>
        <Button onClick={close}>Cancel</Button>
        <Button variant="primary" onClick={submit} disabled={command.isPending}>
          {command.isPending && <Loader2 className="animate-spin" />}
          Convert
        </Button>
      </ModalFooter>
    </>
  )
}

export const convertModal = defineModal<ConvertProps>('converting_contacts', {
  title: 'Convert contact',
  component: ConvertForm,
})
export const convertLesseeModal = defineModal<ConvertProps>('converting_contacts_lessee', {
  title: 'Convert to Account with lessee',
  component: (p) => <ConvertForm {...p} props={{ ...p.props, withLessee: true }} />,
})
export const convertUnassignedModal = defineModal<ConvertProps>('convert_unassigned_prospect', {
  title: 'Convert to unassigned prospect',
  component: (p) => <ConvertForm {...p} props={{ ...p.props, unassigned: true }} />,
})

/** Why Convert is disabled (docs/product.md 4), or null when it is enabled. */
export function convertBlockedReason(divisionId: number, statusId: number | undefined): string | null {
  if (divisionId === EXECUTIVE_DIVISION_ID) return messages.convertNotInExecutive
  if (statusId === undefined) return messages.notInDivision
  if (statusId === ContactStatus.Account) return messages.convertNotForAccounts
  if (statusId === ContactStatus.Pending) return messages.convertNotForPending
  if (statusId !== ContactStatus.Lead && statusId !== ContactStatus.Prospect)
    return messages.convertOnlyLeadsAndProspects
  return null
}
