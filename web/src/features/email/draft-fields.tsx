import { useQuery } from '@tanstack/react-query'
import { SelectField, TextField } from '../../components/form/form-fields'
import type { useForm } from '../../components/form/use-form'
import { templatesQuery } from './email-api'
import { BodyField } from './template-modal'

export const NO_TEMPLATE = 'none'
const whenOptions = { now: 'Send now', later: 'Schedule' }

export type DraftValues = { templateId: string; subject: string; body: string; when: string; sendingTime: string }
export const emptyDraft = (subject = ''): DraftValues => ({
  templateId: NO_TEMPLATE,
  subject,
  body: '',
  when: 'now',
  sendingTime: '',
})

/** A local date-time input's value as UTC ISO, or '' when empty. */
export const isoOf = (local: string) => (local ? new Date(local).toISOString() : '')

/** The draft as the send routes take it (merge fields left for the server to fill). */
export const draftOf = (values: DraftValues) => ({
  templateId: values.templateId === NO_TEMPLATE ? null : values.templateId,
  subject: values.subject,
  body: values.body,
})

/**
 * The fields of a mail to write: a template (fills subject and body), now or at a time, subject and body with
 * merge-field buttons. Shared by the one-to-one send and the marketing send.
 */
export function DraftFields({ form, prefix }: { form: ReturnType<typeof useForm<keyof DraftValues>>; prefix: string }) {
  const { data: templates } = useQuery(templatesQuery({ limit: 100, first: 0 }))
  const pickTemplate = (id: string) => {
    const template = templates?.rows.find((t) => t.id === id)
    form.setValues((v) => ({
      ...v,
      templateId: id,
      ...(template && { subject: template.subject, body: template.body }),
    }))
  }
  const options = {
    [NO_TEMPLATE]: 'No template',
    ...Object.fromEntries((templates?.rows ?? []).map((t) => [t.id, t.name])),
  }
  return (
    <>
      <SelectField
        id={`${prefix}-template`}
        label="Template"
        value={form.values.templateId}
        onChange={pickTemplate}
        options={options}
      />
      <SelectField id={`${prefix}-when`} label="When" {...form.field('when')} options={whenOptions} />
      {form.values.when === 'later' && (
        <TextField
          id={`${prefix}-sending-time`}
          label="Sending time"
          type="datetime-local"
          {...form.field('sendingTime')}
          required
        />
      )}
      <TextField
        id={`${prefix}-subject`}
        label="Subject"
        className="md:col-span-2"
        {...form.field('subject')}
        required
      />
      <div className="md:col-span-2">
        <BodyField id={`${prefix}-body`} {...form.field('body')} />
      </div>
    </>
  )
}
