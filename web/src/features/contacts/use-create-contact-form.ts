import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { createContactSchema, messages } from '@crm/contracts'
import { isApiError } from '../../lib/api-error'
import { zodFieldErrors, normalizeFieldErrors, type FieldErrors } from '../../lib/field-errors'
import { notify } from '../../lib/notify'
import { useDivisionId } from '../../lib/session-store'
import { createContact, findExisting } from './contacts-api'
import { listKeys } from '../../lib/query-keys'
import { emptyContactForm, formFieldOf, toCreateContactInput, type ContactFormField } from './contact-form-values'

export type FormErrors = Partial<Record<ContactFormField, string>>

export function toFormErrors(errors: FieldErrors): FormErrors {
  const out: FormErrors = {}
  for (const [path, message] of Object.entries(errors)) {
    const field = formFieldOf(path)
    if (field && !out[field]) out[field] = message
  }
  return out
}

/**
 * State of the create-contact form. The same zod schema as the API validates before sending;
 * the API's 400 map lands under the same fields.
 */
export function useCreateContactForm(onCreated: () => void, initial: { businessPhone?: string } = {}) {
  const [values, setValues] = useState(() => ({ ...emptyContactForm, ...initial }))
  const [errors, setErrors] = useState<FormErrors>({})
  const divisionId = useDivisionId()
  const queryClient = useQueryClient()

  const mutation = useMutation({
    mutationFn: createContact,
    onSuccess: ({ id }) => {
      notify.success(messages.contactCreated, {
        label: 'Open',
        // window.open keeps the opener, so the new tab inherits this tab's session.
        onClick: () => window.open(`/contacts/${encodeURIComponent(id)}`, '_blank'),
      })
      // Lists refetch with X-Min-Position, so the new row is there.
      void queryClient.invalidateQueries({ queryKey: listKeys.all })
      onCreated()
    },
    onError: (error) => {
      if (isApiError(error, 400)) setErrors(toFormErrors(normalizeFieldErrors(error.fieldErrors)))
    },
  })

  const set = (field: ContactFormField, value: string) => {
    setValues((v) => ({ ...v, [field]: value }))
    // An edited field drops its error (docs/product.md section 8: errors can be cleared on edit).
    setErrors(({ [field]: _, ...rest }) => rest)
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const parsed = createContactSchema.safeParse(toCreateContactInput(values, divisionId))
    if (!parsed.success) return setErrors(toFormErrors(zodFieldErrors(parsed.error)))
    setErrors({})
    // Duplicates by DOT, MC, name, phone and email (docs/product.md 8): ask before adding a second one.
    void findExisting(parsed.data).then(
      (existing) => {
        if (existing.length === 0) return mutation.mutate(parsed.data)
        notify.confirm(messages.duplicateExists(existing[0]!.name), messages.duplicateQuestion, {
          accept: () => mutation.mutate(parsed.data),
        })
      },
      () => mutation.mutate(parsed.data),
    )
  }

  return { values, errors, set, submit, pending: mutation.isPending }
}
