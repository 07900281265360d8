import { useQueryClient } from '@tanstack/react-query'
import { Loader2 } from 'lucide-react'
import { useState, type FormEvent } from 'react'
import { createDivisionSchema, type Division } from '@crm/contracts'
import { Button } from '../../components/ui/button'
import { TextField } from '../../components/form/form-fields'
import { useForm } from '../../components/form/use-form'
import { FormActions } from '../../components/modal/modal-actions'
import { notify } from '../../lib/notify'
import { ModalBody, ModalFooter } from '../../components/modal/modal-layout'
import { defineModal, type ModalComponentProps } from '../../components/modal/modal-registry'
import { adminCommands } from './admin-api'
import { useSubmit } from '../../lib/use-submit'

function DivisionForm({ props, close }: ModalComponentProps<{ division?: Division }>) {
  const editing = props.division
  const form = useForm({ name: editing?.name ?? '' })
  const { pending, send } = useSubmit(form.setErrors)
  const queryClient = useQueryClient()

  async function submit(event: FormEvent) {
    event.preventDefault()
    const parsed = form.validate(createDivisionSchema, form.values)
    if (!parsed) return
    await send(async () => {
      const result = editing
        ? await adminCommands.renameDivision(editing.id, parsed.name)
        : await adminCommands.createDivision(parsed.name)
      // docs/product.md section 8: 'Division > {name} < Changed Successifully.' for a rename.
      notify.success(result.message)
      void queryClient.invalidateQueries({ queryKey: ['divisions'] })
      close()
    })
  }

  return (
    <form onSubmit={submit} noValidate className="flex min-h-0 flex-1 flex-col">
      <ModalBody>
        <TextField
          id="division-name"
          label="Division name"
          required
          autoFocus
          maxLength={100}
          {...form.field('name')}
        />
      </ModalBody>
      <FormActions close={close} pending={pending} label={editing ? 'Rename' : 'Create division'} />
    </form>
  )
}

export const divisionFormModal = defineModal<{ division?: Division }>('division_form', {
  title: (p) => (p.division ? `Rename ${p.division.name}` : 'New division'),
  width: 450,
  component: DivisionForm,
})

function DeleteDivision({ props, close }: ModalComponentProps<{ division: Division }>) {
  const [pending, setPending] = useState(false)
  const queryClient = useQueryClient()
  async function remove() {
    setPending(true)
    try {
      notify.success((await adminCommands.deleteDivision(props.division.id)).message)
      void queryClient.invalidateQueries({ queryKey: ['divisions'] })
      close()
    } catch {
      // The API client already showed why (e.g. the division is still in use).
    } finally {
      setPending(false)
    }
  }
  return (
    <>
      <ModalBody>
        <p>
          Delete <strong>{props.division.name}</strong> (#{props.division.id})? Divisions that users or contacts still
          belong to cannot be deleted.
        </p>
      </ModalBody>
      <ModalFooter>
        <Button onClick={close}>Cancel</Button>
        <Button variant="danger" disabled={pending} onClick={() => void remove()}>
          {pending && <Loader2 className="animate-spin" />}
          Delete division
        </Button>
      </ModalFooter>
    </>
  )
}

export const deleteDivisionModal = defineModal<{ division: Division }>('delete_division', {
  title: 'Delete division',
  width: 450,
  component: DeleteDivision,
})
