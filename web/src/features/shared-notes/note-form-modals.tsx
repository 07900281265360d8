import { activityMessages } from '@crm/contracts'
import { Loader2 } from 'lucide-react'
import { useState } from 'react'
import { Button } from '../../components/ui/button'
import { useDivisionId } from '../../lib/session-store'
import { TextAreaField, TextField, textOrNull } from '../../components/form/form-fields'
import { useForm } from '../../components/form/use-form'
import { ModalBody, ModalFooter } from '../../components/modal/modal-layout'
import { defineModal, type ModalComponentProps } from '../../components/modal/modal-registry'
import { AttachmentsField } from '../../components/attachments/attachments-field'
import { useContactCommand } from '../../lib/use-contact-command'
import { noteCommands } from './notes-api'

type Props = { contactId: string }
type NoteInput = { contactId: string; divisionId?: number; subject: string | null; note: string }
/** `send`: the kind's command; `takesFiles`: shared notes carry attachments, comments none. */
type Kind = {
  send: (body: NoteInput, files: File[]) => Promise<unknown>
  success: string
  idPrefix: string
  takesFiles?: boolean
}

/** Subject (optional) and note (required, 'Please enter note'): the form of shared notes and comments. */
function NoteForm({ props, close, kind }: ModalComponentProps<Props> & { kind: Kind }) {
  const divisionId = useDivisionId()
  const form = useForm({ subject: '', note: '' })
  const [files, setFiles] = useState<File[]>([])
  const [filesError, setFilesError] = useState<string | null>(null)
  const command = useContactCommand(props.contactId, {
    success: kind.success,
    onDone: close,
    onFieldErrors: form.setErrors,
  })
  const submit = () => {
    if (!form.values.note.trim()) return form.setErrors({ note: activityMessages.enterNote })
    const body = {
      contactId: props.contactId,
      ...(divisionId ? { divisionId } : {}),
      subject: textOrNull(form.values.subject),
      note: form.values.note,
    }
    command.mutate(() => kind.send(body, files))
  }
  return (
    <>
      <ModalBody className="flex flex-col gap-3.5">
        <TextField id={`${kind.idPrefix}-subject`} label="Subject" {...form.field('subject')} placeholder="Optional" />
        <TextAreaField id={`${kind.idPrefix}-note`} label="Note" required rows={8} {...form.field('note')} />
        {kind.takesFiles && (
          <AttachmentsField
            id={`${kind.idPrefix}-attachments`}
            files={files}
            onFilesChange={setFiles}
            error={filesError ?? form.errors.attachments}
            onError={setFilesError}
          />
        )}
      </ModalBody>
      <ModalFooter>
        <Button onClick={close}>Cancel</Button>
        <Button variant="primary" onClick={submit} disabled={command.isPending}>
          {command.isPending && <Loader2 className="animate-spin" />}
          Save
        </Button>
      </ModalFooter>
    </>
  )
}

const sharedNote: Kind = {
  send: noteCommands.addSharedNote,
  success: activityMessages.sharedNoteAdded,
  idPrefix: 'sn',
  takesFiles: true,
}
const comment: Kind = {
  send: (body) => noteCommands.addComment(body),
  success: activityMessages.commentAdded,
  idPrefix: 'cm',
}

export const sharedNoteModal = defineModal<Props>('shared_notes_modal', {
  title: 'Shared note',
  component: (p) => <NoteForm {...p} kind={sharedNote} />,
})

export const commentModal = defineModal<Props>('comment_modal', {
  title: 'Comment',
  component: (p) => <NoteForm {...p} kind={comment} />,
})
