import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type {
  AdditionalContactRow,
  PermissionKey,
  PersonalNoteRow,
  RedFlagRow,
  RelatedEntityRow,
  StatusChangeRow,
} from '@crm/contracts'
import { api } from '../../lib/api'
import { postMultipart } from '../../lib/multipart'
import { isApiError } from '../../lib/api-error'
import { normalizeFieldErrors, type FieldErrors } from '../../lib/field-errors'
import { notify } from '../../lib/notify'
import { useSession } from '../auth/session-store'
import { listKeys } from '../contact-lists/contact-lists-api'
import { contactsKeys } from '../contacts/contacts-api'

const id = encodeURIComponent
export const lifecycleKeys = {
  all: (contactId: string) => [...contactsKeys.all, 'lifecycle', contactId] as const,
  part: (contactId: string, part: string, extra?: unknown) => [...lifecycleKeys.all(contactId), part, extra] as const,
}

const contactQuery = <T>(contactId: string, part: string, path: string, extra?: unknown) =>
  queryOptions({
    queryKey: lifecycleKeys.part(contactId, part, extra),
    queryFn: ({ signal }) => api.get<T>(path, { signal, quiet: true }),
    meta: { live: true },
  })

export const redFlagsQuery = (contactId: string) =>
  contactQuery<RedFlagRow[]>(contactId, 'red-flags', `/contacts/getAllRedFlags/${id(contactId)}`)
export const additionalContactsQuery = (contactId: string) =>
  contactQuery<AdditionalContactRow[]>(contactId, 'additional', `/contactsAdditional/contact/${id(contactId)}`)
export const personalNotesQuery = (contactId: string) =>
  contactQuery<PersonalNoteRow[]>(contactId, 'notes', `/contact-personal-notes?contactId=${id(contactId)}`)
export const statusChangesQuery = (contactId: string, limit: number) =>
  contactQuery<{ rows: StatusChangeRow[]; total: number }>(
    contactId,
    'status-changes',
    `/contact-divisions/status-changes?contactId=${id(contactId)}&limit=${limit}`,
    limit,
  )
export const relatedEntitiesQuery = (contactId: string) =>
  contactQuery<RelatedEntityRow[]>(contactId, 'related', `/contacts/related-entities?contactId=${id(contactId)}`)
export const callAttemptsQuery = (contactId: string, divisionId: number) =>
  contactQuery<{ callAttempts: number; minCallAttempts: number }>(
    contactId,
    'call-attempts',
    `/activity/get-call-attempts?contactId=${id(contactId)}&divisionId=${divisionId}`,
    divisionId,
  )

/** Whether the signed-in user holds a permission (the server checks again; this only hides what would fail). */
export function useCan(permission: PermissionKey): boolean {
  return useSession()?.user.permissions.includes(permission) ?? false
}

/** A command; `files` turn a POST into multipart: the body's JSON under `jsonField`, the files as `attachments`. */
type Send = {
  method: 'POST' | 'PATCH' | 'DELETE'
  path: string
  body?: unknown
  files?: readonly File[]
  jsonField?: string
}

function sendCommand({ method, path, body, files, jsonField }: Send): Promise<unknown> {
  if (method === 'POST' && files && files.length > 0) {
    const form = new FormData()
    form.append(jsonField ?? 'data', JSON.stringify(body ?? {}))
    for (const file of files) form.append('attachments', file, file.name)
    return postMultipart(path, form)
  }
  return method === 'DELETE' ? api.delete(path, { body }) : api[method === 'POST' ? 'post' : 'patch'](path, body)
}

/**
 * A contact command from a form: on success the toast and a refresh of everything shown about the contact
 * (queries carry X-Min-Position, so they see the change); a 400 comes back as field errors for the form.
 */
export function useContactCommand(
  contactId: string,
  options: { success?: string; onDone?: () => void; onFieldErrors?: (errors: FieldErrors) => void } = {},
) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: sendCommand,
    onSuccess: async () => {
      if (options.success) notify.success(options.success)
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: contactsKeys.detail(contactId) }),
        queryClient.invalidateQueries({ queryKey: contactsKeys.history(contactId) }),
        queryClient.invalidateQueries({ queryKey: lifecycleKeys.all(contactId) }),
        queryClient.invalidateQueries({ queryKey: listKeys.all }),
      ])
      options.onDone?.()
    },
    onError: (error) => {
      if (isApiError(error, 400)) options.onFieldErrors?.(normalizeFieldErrors(error.fieldErrors))
    },
  })
}
