import { useQueryClient } from '@tanstack/react-query'
import { Loader2 } from 'lucide-react'
import type { FormEvent } from 'react'
import {
  createTemplateSchema,
  emailMessages,
  mergeFields,
  updateTemplateSchema,
  type TemplateRow,
} from '@crm/contracts'
import { SelectField, TextField } from '../../components/form/form-fields'
import { useForm } from '../../components/form/use-form'
import { ModalBody, ModalFooter } from '../../components/modal/modal-layout'
import { FormActions } from '../../components/modal/modal-actions'
import { RichTextField } from '../../components/rich-text/rich-text-field'
import { defineModal, type ModalComponentProps } from '../../components/modal/modal-registry'
import { Button } from '../../components/ui/button'
import { FormField, invalidProps } from '../../components/ui/form-field'
import { notify } from '../../lib/notify'
import { useSubmit } from '../../lib/use-submit'
import { emailCommands, emailKeys } from './email-api'
import { MessagePreview } from './message-preview'

const scopes = { personal: 'Only me', division: 'My division' }

const mergeFieldSnippets = mergeFields.map((f) => ({ label: `+ ${f.label}`, text: `{{${f.key}}}` }))

/** The body editor: rich text kept as HTML, with buttons that put a merge field where the cursor is. */
export function BodyField(props: { id: string; value: string; onChange: (value: string) => void; error?: string }) {
  return (
    <FormField id={props.id} label="Body" error={props.error} required>
      <RichTextField
        id={props.id}
        labelledBy={`${props.id}-label`}
        value={props.value}
        onChange={props.onChange}
        invalid={Boolean(props.error)}
        describedBy={props.error ? invalidProps(props.id, props.error)['aria-describedby'] : undefined}
        snippets={mergeFieldSnippets}
        snippetsLabel="Merge fields"
      />
    </FormField>
  )
}

function TemplateForm({ props, close }: ModalComponentProps<{ template?: TemplateRow }>) {
  const editing = props.template
  const form = useForm({
    name: editing?.name ?? '',
    subject: editing?.subject ?? '',
    body: editing?.body ?? '',
    scope: editing?.scope ?? 'personal',
  })
  const { pending, send } = useSubmit(form.setErrors)
  const queryClient = useQueryClient()

  async function submit(event: FormEvent) {
    event.preventDefault()
    const payload = form.validate(editing ? updateTemplateSchema : createTemplateSchema, form.values)
    if (!payload) return
    await send(async () => {
      if (editing) await emailCommands.updateTemplate(editing.id, payload)
      else await emailCommands.createTemplate(payload as never)
      notify.success(emailMessages.templateSaved)
      void queryClient.invalidateQueries({ queryKey: emailKeys.all })
      close()
    })
  }

  return (
    <form onSubmit={submit} noValidate className="flex min-h-0 flex-1 flex-col">
      <ModalBody className="grid gap-3 md:grid-cols-2">
        <TextField id="tpl-name" label="Name" {...form.field('name')} required />
        <SelectField id="tpl-scope" label="Who may use it" {...form.field('scope')} options={scopes} />
        <TextField id="tpl-subject" label="Subject" className="md:col-span-2" {...form.field('subject')} required />
        <div className="md:col-span-2">
          <BodyField id="tpl-body" {...form.field('body')} />
        </div>
        <div className="md:col-span-2">
          <MessagePreview subject={form.values.subject} body={form.values.body} />
        </div>
      </ModalBody>
      <FormActions close={close} pending={pending} label={editing ? 'Save template' : 'Create template'} />
    </form>
  )
}

export const templateModal = defineModal<{ template?: TemplateRow }>('email_template', {
  title: (p) => (p.template ? 'Edit email template' : 'New email template'),
  width: 950,
  component: TemplateForm,
})

function DeleteTemplate({ props, close }: ModalComponentProps<{ template: TemplateRow }>) {
  const { pending, send } = useSubmit(() => {})
  const queryClient = useQueryClient()
  const remove = () =>
    send(async () => {
      try {
        await emailCommands.deleteTemplate(props.template.id)
        notify.success(emailMessages.templateDeleted)
        void queryClient.invalidateQueries({ queryKey: emailKeys.all })
        close()
      } catch {
        notify.error(emailMessages.templateDeleteFailed)
      }
    })
  return (
    <>
      <ModalBody>
        <p>
          Delete the template <strong>{props.template.name}</strong>?
        </p>
      </ModalBody>
      <ModalFooter>
        <Button onClick={close}>Cancel</Button>
        <Button variant="danger" disabled={pending} onClick={() => void remove()}>
          {pending && <Loader2 className="animate-spin" />}
          Delete template
        </Button>
      </ModalFooter>
    </>
  )
}

export const deleteTemplateModal = defineModal<{ template: TemplateRow }>('delete_email_template', {
  title: 'Delete email template',
  width: 450,
  component: DeleteTemplate,
})
