import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import {
  creditApplicationFieldGroups,
  creditApplicationMessages as m,
  creditApplicationSourceLabels,
  creditApplicationStatuses,
  creditApplicationTransitions,
  type CreditApplicationDetail,
  type CreditApplicationSource,
} from '@crm/contracts'
import { CheckCircle2, FileText, Pencil, UserX, Users } from 'lucide-react'
import { SelectField } from '../../components/form/form-fields'
import { Button } from '../../components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card'
import { DetailList } from '../../components/ui/detail-list'
import { isApiError } from '../../lib/api-error'
import { normalizeFieldErrors } from '../../lib/field-errors'
import { useForm } from '../../components/form/use-form'
import { formatDate } from '../../lib/format-date'
import { notify } from '../../lib/notify'
import { AnalystSelect } from './analyst-select'
import { ApplicationLists } from './application-lists'
import { FieldInput, fromText, shownValue, toText } from './application-fields'
import { ApplicationStatusBadge } from './application-status-badge'
import {
  changeApplicationStatus,
  completeApplication,
  creditApplicationQuery,
  editApplication,
  previewFileName,
} from './credit-applications-api'
import { formatMoney } from './money'
import { useCan } from '../../lib/permissions'
import { eraseApplicantsModal } from './erase-applicants-modal'
import { possibleContactsModal } from './possible-contacts-modal'
import { SensitiveValue } from './sensitive-value'

type Props = { source: CreditApplicationSource; id: string }

/** One application: its field groups in sections, edit with errors under fields, status moves and completion. */
export function ApplicationPage({ source, id }: Props) {
  const { data: application } = useSuspenseQuery(creditApplicationQuery(source, id))
  const [editing, setEditing] = useState(false)
  const queryClient = useQueryClient()
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['credit-applications', source] })
  const title = application.businessName ?? application.applicantName ?? 'Credit application'

  return (
    <div className="mx-auto flex max-w-[1280px] flex-col gap-4 px-3 pt-4 pb-8 sm:px-6">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-xs text-muted-foreground">
            <Link to={`/${source}-credit-applications` as '/website-credit-applications'} className="hover:underline">
              {creditApplicationSourceLabels[source]} credit applications
            </Link>
          </p>
          <h1 className="flex flex-wrap items-center gap-2 text-xl font-semibold tracking-tight">
            <span className="truncate">{title}</span>
            <ApplicationStatusBadge statusId={application.statusId} />
            {application.finished && <span className="text-xs font-normal text-success">Complete</span>}
          </h1>
          <p className="text-muted-foreground">
            {application.applicantName ?? 'No applicant name'}
            {application.amount !== null && ` · ${formatMoney(application.amount)}`}
            {application.applicationDate && ` · ${formatDate(application.applicationDate)}`}
          </p>
        </div>
        <ApplicationActions
          application={application}
          source={source}
          onChanged={refresh}
          onEdit={() => setEditing(true)}
          title={title}
        />
      </header>
      <ContactCard application={application} source={source} />
      {editing ? (
        <EditForm application={application} source={source} onDone={() => setEditing(false)} onSaved={refresh} />
      ) : (
        <div className="grid grid-cols-[minmax(0,1fr)] gap-4 lg:grid-cols-2">
          {creditApplicationFieldGroups.map((group) => (
            <Card key={group.id}>
              <CardHeader>
                <CardTitle>{group.title}</CardTitle>
              </CardHeader>
              <CardContent>
                <DetailList
                  items={[
                    ...group.fields
                      .filter((spec) => spec.kind !== 'flag' || application.fields[spec.key])
                      .map((spec): [string, string | null] => [
                        spec.label,
                        shownValue(spec, application.fields[spec.key]),
                      ]),
                    ...(group.sensitive ?? []).map(({ key, label }): [string, React.ReactNode] => [
                      label,
                      <SensitiveValue
                        key={key}
                        source={source}
                        applicationId={application.id}
                        field={key}
                        masked={application.masked[key]}
                      />,
                    ]),
                  ]}
                />
              </CardContent>
            </Card>
          ))}
        </div>
      )}
      <ApplicationLists application={application} source={source} onChanged={refresh} />
    </div>
  )
}

function ApplicationActions(props: {
  application: CreditApplicationDetail
  source: CreditApplicationSource
  onChanged: () => Promise<void>
  onEdit: () => void
  /** The application's name as the page shows it (typed to confirm an erasure). */
  title: string
}) {
  const { application, source } = props
  const canErase = useCan('admin')
  const next = creditApplicationTransitions[application.statusId as 1]
  const [statusId, setStatusId] = useState('')
  const [error, setError] = useState<string>()
  const move = async () => {
    if (!statusId) return setError('Please select status')
    try {
      await changeApplicationStatus(source, application.id, Number(statusId))
      notify.success(m.updated)
      setStatusId('')
      await props.onChanged()
    } catch (e) {
      if (isApiError(e, 400)) setError(e.fieldErrors.statusId ?? m.updateFailed)
    }
  }
  const complete = async () => {
    try {
      await completeApplication(source, application.id)
      notify.success(m.updated)
      await props.onChanged()
    } catch (e) {
      if (isApiError(e, 400)) notify.error(`${m.completeFailed} ${Object.values(e.fieldErrors).join('; ')}`)
    }
  }
  return (
    <div className="flex flex-wrap items-end gap-2">
      <AnalystSelect application={application} source={source} onChanged={props.onChanged} />
      {next.length > 0 && (
        <div className="flex items-end gap-2">
          <SelectField
            id="ca-next-status"
            label="Move to"
            className="w-48"
            value={statusId}
            onChange={(v) => {
              setStatusId(v)
              setError(undefined)
            }}
            options={Object.fromEntries(next.map((s) => [s, creditApplicationStatuses[s]]))}
            error={error}
          />
          <Button variant="primary" onClick={() => void move()}>
            Move
          </Button>
        </div>
      )}
      {!application.finished && (
        <Button onClick={() => void complete()}>
          <CheckCircle2 /> Complete
        </Button>
      )}
      <Button onClick={props.onEdit}>
        <Pencil /> Edit
      </Button>
      <Button onClick={() => possibleContactsModal.open({ source, applicationId: application.id })}>
        <Users /> Possible contacts
      </Button>
      <Button asChild>
        <a href={`/file-viewer?fileName=${encodeURIComponent(previewFileName(source, application.id))}`}>
          <FileText /> Preview
        </a>
      </Button>
      {canErase && (
        <Button
          variant="ghost"
          onClick={() => eraseApplicantsModal.open({ source, applicationId: application.id, name: props.title })}
        >
          <UserX /> Erase personal data
        </Button>
      )}
    </div>
  )
}

function ContactCard({ application }: { application: CreditApplicationDetail; source: CreditApplicationSource }) {
  if (!application.contactId) return null
  return (
    <p className="rounded-md border bg-surface px-4 py-2 text-[13px]">
      Linked to contact{' '}
      <Link to="/contacts/$id" params={{ id: application.contactId }} className="font-medium text-link hover:underline">
        {application.contactName ?? 'Contact'}
      </Link>
      {application.contactCreditAppDate && (
        <span className="ml-2 text-muted-foreground">Credit App {formatDate(application.contactCreditAppDate)}</span>
      )}
    </p>
  )
}

/** Every group's fields as inputs; Save sends only what changed ('Application updated'). */
function EditForm(props: {
  application: CreditApplicationDetail
  source: CreditApplicationSource
  onDone: () => void
  onSaved: () => Promise<void>
}) {
  const { application, source } = props
  const initial = Object.fromEntries(
    creditApplicationFieldGroups.flatMap((g) => g.fields).map((s) => [s.key, toText(application.fields[s.key])]),
  )
  // The sensitive fields start empty (only their masked value is known): a value typed there replaces it.
  const secretKeys = creditApplicationFieldGroups.flatMap((g) => (g.sensitive ?? []).map(({ key }) => key as string))
  const { values, setErrors, field } = useForm({ ...initial, ...Object.fromEntries(secretKeys.map((k) => [k, ''])) })
  const [pending, setPending] = useState(false)
  const save = async () => {
    const changes: Record<string, unknown> = {}
    for (const spec of creditApplicationFieldGroups.flatMap((g) => g.fields)) {
      if (values[spec.key] !== initial[spec.key]) changes[spec.key] = fromText(spec, values[spec.key] ?? '')
    }
    for (const key of secretKeys) if (values[key]?.trim()) changes[key] = values[key].trim()
    if (Object.keys(changes).length === 0) return props.onDone()
    setPending(true)
    try {
      await editApplication(source, application.id, changes)
      notify.success(m.updated)
      await props.onSaved()
      props.onDone()
    } catch (e) {
      if (isApiError(e, 400)) {
        setErrors(normalizeFieldErrors(e.fieldErrors))
        notify.error(m.updateFailed)
      }
    } finally {
      setPending(false)
    }
  }
  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={(e) => {
        e.preventDefault()
        void save()
      }}
    >
      <div className="grid grid-cols-[minmax(0,1fr)] gap-4 lg:grid-cols-2">
        {creditApplicationFieldGroups.map((group) => (
          <Card key={group.id}>
            <CardHeader>
              <CardTitle>{group.title}</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-3 sm:grid-cols-2">
              {group.fields.map((spec) => (
                <FieldInput key={spec.key} group={group} spec={spec} {...field(spec.key)} />
              ))}
              {(group.sensitive ?? []).map(({ key, label }) => (
                <FieldInput
                  key={key}
                  group={group}
                  spec={{
                    key: key as never,
                    label: `${label} (${application.masked[key] ?? 'empty'})`,
                    kind: key.endsWith('DateOfBirth') ? 'date' : 'text',
                  }}
                  {...field(key)}
                />
              ))}
            </CardContent>
          </Card>
        ))}
      </div>
      <div className="sticky bottom-0 flex justify-end gap-2 border-t bg-background/95 py-3">
        <Button type="button" variant="ghost" onClick={props.onDone}>
          Cancel
        </Button>
        <Button type="submit" variant="primary" disabled={pending}>
          Save
        </Button>
      </div>
    </form>
  )
}
