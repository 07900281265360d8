import { EXECUTIVE_DIVISION_ID, messages, type CombineSources, type ContactDetails } from '@crm/contracts'
import { useQueries, useQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { Loader2 } from 'lucide-react'
import { useState } from 'react'
import { Button } from '../../components/ui/button'
import { combineContacts } from './lifecycle-api'
import { statusChoiceOf, toggleStatusChoice } from './combine-choice'
import { cn } from '../../lib/cn'
import { notify } from '../../lib/notify'
import { StatusBadge } from '../../components/status-badge'
import { ModalBody, ModalFooter } from '../../components/modal/modal-layout'
import type { ModalComponentProps } from '../../components/modal/modal-registry'
import { contactQueryOptions } from '../../lib/contact-api'
import { divisionsForSelectQueryOptions } from '../../lib/divisions-api'

const infoTypes: [keyof CombineSources, string, (c: ContactDetails) => string][] = [
  [
    'companyInfo',
    'Company Info',
    (c) => [c.name, c.dotNumber && `DOT ${c.dotNumber}`, c.mcNumber && `MC ${c.mcNumber}`].filter(Boolean).join(' · '),
  ],
  ['contactInfo', 'Contact Info', (c) => [c.email, c.businessPhone].filter(Boolean).join(' · ') || '—'],
  ['additionalInfo', 'Additional Info', () => 'Additional contacts'],
  ['address', 'Address', (c) => [c.address.street1, c.address.city, c.address.state].filter(Boolean).join(', ') || '—'],
  ['redFlag', 'Red Flag', (c) => `${c.openedFlags} open`],
]

function Radio({
  checked,
  dimmed,
  disabled = false,
  onSelect,
  label,
  title,
  children,
}: {
  checked: boolean
  dimmed: boolean
  disabled?: boolean
  onSelect: () => void
  label: string
  title?: string
  children: React.ReactNode
}) {
  return (
    <label
      title={title}
      className={cn(
        'flex items-start gap-2 rounded-md p-1.5',
        disabled ? 'cursor-not-allowed' : 'cursor-pointer hover:bg-muted',
        dimmed && 'opacity-45',
      )}
    >
      <input
        type="radio"
        checked={checked}
        disabled={disabled}
        onChange={onSelect}
        // A click on the chosen one clears it (onChange does not fire for a radio already checked).
        onClick={checked ? onSelect : undefined}
        aria-label={label}
        className="mt-0.5 accent-[var(--color-primary)] disabled:cursor-not-allowed"
      />
      <span className="min-w-0 text-[13px]">{children}</span>
    </label>
  )
}

/**
 * Opened from the contact page (the contact and its picked related entities) or from a contact list (the
 * selected rows). `onDone` lets a list drop its selection once the absorbed contacts are gone.
 */
export type CombineProps = { contactIds: string[]; onDone?: () => void }

/**
 * combine_contacts: step 1 one radio per contact for each kind of information, step 2 one status per
 * division. The company-info contact survives; afterwards the page goes to it.
 */
export function CombineWizard({ props, close }: ModalComponentProps<CombineProps>) {
  const contacts = useQueries({ queries: props.contactIds.map((id) => contactQueryOptions(id)) })
  const { data: divisionList } = useQuery(divisionsForSelectQueryOptions())
  const navigate = useNavigate()
  const [step, setStep] = useState(0)
  const [sources, setSources] = useState<Partial<CombineSources>>({})
  const [statuses, setStatuses] = useState<Record<number, string>>({})
  const [saving, setSaving] = useState(false)
  const loaded = contacts.map((q) => q.data).filter((c): c is ContactDetails => !!c)
  const inUse = [...new Set(loaded.flatMap((c) => c.contactDivisionData.map((d) => d.divisionId)))]
  const divisions = [...new Set([...(divisionList ?? []).map((d) => d.id), ...inUse])]
    .filter((d) => d !== EXECUTIVE_DIVISION_ID)
    .sort((a, b) => a - b)
  const divisionName = (id: number) => divisionList?.find((d) => d.id === id)?.name ?? `Division ${id}`

  if (props.contactIds.length < 2) {
    return <ModalBody className="py-8 text-center text-danger">{messages.combineSelectTwo}</ModalBody>
  }
  const next = () => {
    if (infoTypes.some(([key]) => !sources[key])) return notify.error(messages.combineSelectAllInfo)
    setStep(1)
  }
  const save = async () => {
    if (divisions.some((d) => !statuses[d])) return notify.error(messages.combineSelectAllStatuses)
    setSaving(true)
    try {
      const body = {
        contactIds: props.contactIds,
        sources,
        statuses: Object.entries(statuses).map(([divisionId, contactId]) => ({
          divisionId: Number(divisionId),
          contactId,
        })),
      }
      await combineContacts(body)
      notify.success(messages.contactsCombined)
      props.onDone?.()
      close()
      void navigate({ to: '/contacts/$id', params: { id: sources.companyInfo! } })
    } finally {
      setSaving(false)
    }
  }

  return (
    <>
      <ModalBody>
        <p className="mb-3 text-xs font-medium text-muted-foreground">
          Step {step + 1} of 2 · {step === 0 ? 'Choose Contact Info' : 'Choose Status'}
        </p>
        <table className="w-full border-separate border-spacing-0 text-[13px]">
          <thead>
            <tr>
              <th className="w-40 border-b p-2 text-left font-medium text-muted-foreground">
                {step === 0 ? 'Information' : 'Division'}
              </th>
              {loaded.map((c) => (
                <th key={c.id} className="border-b p-2 text-left font-semibold">
                  {c.name}
                  <span className="block text-xs font-normal text-muted-foreground tabular">
                    {c.dotNumber ? `DOT ${c.dotNumber}` : `#${c.id.slice(0, 8)}`} · created {c.createdAt.slice(0, 10)}
                  </span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {step === 0
              ? infoTypes.map(([key, label, show]) => (
                  <tr key={key}>
                    <td className="border-b p-2 font-medium">{label}</td>
                    {loaded.map((c) => (
                      <td key={c.id} className="border-b p-1">
                        <Radio
                          label={`${label} from ${c.name}`}
                          checked={sources[key] === c.id}
                          dimmed={!!sources[key] && sources[key] !== c.id}
                          onSelect={() => setSources((s) => ({ ...s, [key]: c.id }))}
                        >
                          {show(c)}
                        </Radio>
                      </td>
                    ))}
                  </tr>
                ))
              : divisions.map((divisionId) => (
                  <tr key={divisionId}>
                    <td className="border-b p-2 font-medium">{divisionName(divisionId)}</td>
                    {loaded.map((c) => {
                      const membership = c.contactDivisionData.find((d) => d.divisionId === divisionId)
                      const choice = statusChoiceOf(statuses[divisionId], c.id)
                      return (
                        <td key={c.id} className="border-b p-1">
                          <Radio
                            label={`${divisionName(divisionId)} status from ${c.name}`}
                            checked={choice === 'chosen'}
                            dimmed={choice === 'disabled'}
                            disabled={choice === 'disabled'}
                            title={
                              choice === 'disabled'
                                ? 'Chosen from another contact: click that one again to change'
                                : choice === 'chosen'
                                  ? 'Click again to clear'
                                  : undefined
                            }
                            onSelect={() => setStatuses((s) => toggleStatusChoice(s, divisionId, c.id))}
                          >
                            {membership ? (
                              <StatusBadge statusId={membership.statusId} />
                            ) : (
                              <span className="text-muted-foreground">Not in division</span>
                            )}
                          </Radio>
                        </td>
                      )
                    })}
                  </tr>
                ))}
          </tbody>
        </table>
      </ModalBody>
      <ModalFooter>
        {step === 1 && (
          <Button onClick={() => setStep(0)} className="mr-auto">
            Back
          </Button>
        )}
        <Button onClick={close}>Cancel</Button>
        {step === 0 ? (
          <Button variant="primary" onClick={next}>
            Next
          </Button>
        ) : (
          <Button
            variant="primary"
            onClick={() => void save()}
            disabled={saving || divisions.some((d) => !statuses[d])}
          >
            {saving && <Loader2 className="animate-spin" />}
            Save
          </Button>
        )}
      </ModalFooter>
    </>
  )
}
