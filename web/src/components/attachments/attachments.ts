import { attachmentLimits, attachmentMessages } from '@crm/contracts'

/** The server's message, led by the file's name so the user knows which one. */
export const fileTooLargeMessage = (name: string) => `${name}: ${attachmentMessages.tooLarge}`

/**
 * Adds picked files to those already chosen, checked before anything is sent (the server checks again):
 * at most 5 in all, each at most 5,000,000 bytes. Returns the accepted list and the first problem.
 */
export function addAttachments(
  chosen: readonly File[],
  picked: readonly File[],
  alreadyStored = 0,
): { files: File[]; error: string | null } {
  const tooLarge = picked.find((f) => f.size > attachmentLimits.maxBytes)
  if (tooLarge) return { files: [...chosen], error: fileTooLargeMessage(tooLarge.name) }
  if (alreadyStored + chosen.length + picked.length > attachmentLimits.maxFiles) {
    return { files: [...chosen], error: attachmentMessages.tooMany }
  }
  return { files: [...chosen, ...picked], error: null }
}
