import { EXECUTIVE_DIVISION_ID, effortLevels, grades, referralMessages, type CreateReferral } from '@crm/contracts'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { FormField, invalidProps } from '../../components/ui/form-field'
import { Input } from '../../components/ui/input'
import { SelectField, TextAreaField, TextField } from '../../components/form/form-fields'
import { useForm } from '../../components/form/use-form'
import { ModalBody } from '../../components/modal/modal-layout'
import { defineModal, type ModalComponentProps } from '../../components/modal/modal-registry'
import { divisionsForSelectQueryOptions } from '../../lib/divisions-api'
import { notify } from '../../lib/notify'
import { useDivisionId } from '../../lib/session-store'
import { useSubmit } from '../../lib/use-submit'
import { browserTimeZone, fromLocalInputValue, toLocalInputValue } from '../../lib/local-date-time'
import { ModalActions, SubmitButton } from '../../components/modal/modal-actions'
import { taskKeys } from '../../lib/query-keys'
import {
  attentionToOptionsQuery,
  gradeDueDate,
  isReferredQuery,
  referralCommands,
  referralKeys,
  referralTimelineQuery,
} from './referrals-api'

type ReferralModalProps = { contactId: string; contactName: string }

const effortOptions = Object.fromEntries(Object.entries(effortLevels))
const gradeOptions = Object.fromEntries(Object.entries(grades))

/** The referral form (docs/product.md 2): Subject, Effort Level, Grade, Attention To, Due Date/Time, Notes. */
function ReferralForm({ props, close }: ModalComponentProps<ReferralModalProps>) {
  const ownDivision = useDivisionId()
  const form = useForm({ divisionId: '', subject: '', effort: '', grade: '', attentionTo: '', due: '', note: '' })
  const { values, set, errors } = form
  const divisionId = values.divisionId ? Number(values.divisionId) : null
  const divisions = useQuery(divisionsForSelectQueryOptions())
  const referred = useQuery(isReferredQuery(props.contactId, divisionId))
  const people = useQuery(attentionToOptionsQuery(divisionId))
  const { pending, send } = useSubmit(form.setErrors)
  const queryClient = useQueryClient()
  const readOnly = referred.data?.isReferred === true
  // Already referred: the form shows that referral, read-only (when the caller may see it).
  const timeline = useQuery({ ...referralTimelineQuery(props.contactId), enabled: readOnly })
  const existing = readOnly ? timeline.data?.referrals.find((r) => r.id === referred.data?.referralId) : undefined
  const shown = existing
    ? {
        ...values,
        subject: existing.subject,
        effort: String(existing.effort_level),
        grade: String(existing.grade),
        attentionTo: existing.attention_to,
        due: toLocalInputValue(new Date(existing.dueDate)),
        note: existing.note ?? '',
      }
    : readOnly
      ? { ...values, subject: '', effort: '', grade: '', attentionTo: '', due: '', note: '' }
      : values
  const clear = (key: string) => form.setErrors(({ [key]: _, ...rest }) => rest)

  const divisionOptions = Object.fromEntries(
    (divisions.data ?? [])
      .filter((d) => d.id !== EXECUTIVE_DIVISION_ID && d.id !== ownDivision)
      .map((d) => [String(d.id), d.name]),
  )
  const moveDueDate = async (division: number | null, grade: string) => {
    if (!division || !grade) return
    const { dueDate } = await gradeDueDate(division, Number(grade), browserTimeZone())
    set('due')(toLocalInputValue(new Date(dueDate)))
  }
  const chooseDivision = (value: string) => {
    set('divisionId')(value)
    set('attentionTo')('')
    clear('divisionId')
    void moveDueDate(Number(value), values.grade)
  }
  const chooseGrade = (value: string) => {
    set('grade')(value)
    clear('grade')
    void moveDueDate(divisionId, value)
  }

  const submit = async () => {
    const found: Record<string, string> = {}
    if (!divisionId) found.divisionId = referralMessages.divisionRequired
    if (!values.subject.trim()) found.subject = referralMessages.subjectRequired
    if (!values.effort) found.effort_level = referralMessages.effortLevelRequired
    if (!values.grade) found.grade = referralMessages.gradeRequired
    if (!values.attentionTo) found.attention_to = referralMessages.attentionToRequired
    form.setErrors(found)
    if (Object.keys(found).length > 0) return
    const due = fromLocalInputValue(values.due)
    const body: CreateReferral = {
      contactId: props.contactId,
      divisionId: divisionId!,
      subject: values.subject.trim(),
      effort_level: Number(values.effort),
      grade: Number(values.grade),
      attention_to: values.attentionTo,
      dueDate: due ? due.toISOString() : null,
      note: values.note.trim() || null,
      timeZone: browserTimeZone(),
    }
    await send(async () => {
      const sent = await referralCommands.send(body)
      notify.success(sent.message)
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: referralKeys.all }),
        queryClient.invalidateQueries({ queryKey: taskKeys.all }),
      ])
      close()
    })
  }

  return (
    <>
      <ModalBody className="grid grid-cols-1 gap-x-4 gap-y-3.5 sm:grid-cols-2">
        <p className="sm:col-span-2 text-muted-foreground">
          Refer <span className="font-medium text-foreground">{props.contactName}</span> to another division.
        </p>
        <SelectField
          id="referral-division"
          label="Division"
          required
          value={values.divisionId}
          onChange={chooseDivision}
          options={divisionOptions}
          error={errors.divisionId}
        />
        {readOnly && (
          <p role="alert" className="self-end rounded-md border border-danger/40 bg-danger/5 px-3 py-2 text-danger">
            {referralMessages.alreadyReferred}
          </p>
        )}
        <fieldset disabled={readOnly} className="contents">
          <TextField
            id="referral-subject"
            label="Subject"
            required
            value={shown.subject}
            onChange={(v) => (set('subject')(v), clear('subject'))}
            error={errors.subject}
            className="sm:col-span-2"
          />
          <SelectField
            id="referral-effort"
            label="Effort Level"
            required
            disabled={readOnly}
            value={shown.effort}
            onChange={(v) => (set('effort')(v), clear('effort_level'))}
            options={effortOptions}
            error={errors.effort_level}
          />
          <SelectField
            id="referral-grade"
            label="Grade"
            required
            disabled={readOnly}
            value={shown.grade}
            onChange={chooseGrade}
            options={gradeOptions}
            error={errors.grade}
          />
          <SelectField
            id="referral-attention-to"
            label="Attention To"
            required
            disabled={readOnly || !divisionId}
            placeholder={divisionId ? 'Select…' : 'Choose the division first'}
            value={shown.attentionTo}
            onChange={(v) => (set('attentionTo')(v), clear('attention_to'))}
            options={Object.fromEntries((people.data ?? []).map((u) => [u.userId, u.name]))}
            error={errors.attention_to}
          />
          <FormField id="referral-due" label="Due Date/Time" error={errors.dueDate} hint="Set from the grade">
            <Input
              id="referral-due"
              type="datetime-local"
              value={shown.due}
              onChange={(e) => set('due')(e.target.value)}
              {...invalidProps('referral-due', errors.dueDate)}
            />
          </FormField>
          <TextAreaField
            id="referral-note"
            label="Notes"
            rows={4}
            value={shown.note}
            onChange={set('note')}
            className="sm:col-span-2"
          />
        </fieldset>
      </ModalBody>
      <ModalActions close={close}>
        {!readOnly && <SubmitButton pending={pending} onClick={() => void submit()} label="Send referral" />}
      </ModalActions>
    </>
  )
}

const referralModal = defineModal<ReferralModalProps>('referral', {
  title: 'Referral',
  component: (p) => <ReferralForm key={p.props.contactId} {...p} />,
})

export const openReferral = (props: ReferralModalProps) => referralModal.open(props)
