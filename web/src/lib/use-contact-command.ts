import { useMutation, useQueryClient } from '@tanstack/react-query'
import { isApiError } from './api-error'
import { normalizeFieldErrors, type FieldErrors } from './field-errors'
import { notify } from './notify'
import { contactsKeys, lifecycleKeys, listKeys } from './query-keys'

/**
 * A contact command from a form, sent as `command.mutate(() => contactCommands.convert(body))` with a typed
 * command function of the feature's api file: on success the toast and a refresh of everything shown about the contact
 * (queries carry X-Min-Position, so they see the change); a 400 comes back as field errors for the form.
 */
export function useContactCommand(
  contactId: string,
  options: { success?: string; onDone?: () => void; onFieldErrors?: (errors: FieldErrors) => void } = {},
) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (send: () => Promise<unknown>) => send(),
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
