import { z } from 'zod'

/**
 * Phone numbers (docs/decisions/049): docs/product.md's mask is (999) 999-9999, so a phone a command accepts is a
 * US (NANP) number, stored in that mask. The ways people type one are accepted: 5551234567, 555-123-4567,
 * 555.123.4567, (555) 123-4567, +1 555 123 4567, 1-555-123-4567. Anything else is refused with a message naming
 * the field, an extension included ('x123', 'ext. 123'): the mask has no room for one, and click-to-call dials
 * every digit of the field. Read schemas keep `z.string()`: phones stored before this rule stay as they were.
 */
export const PHONE_EXAMPLE = '(555) 123-4567'

export const phoneMessages = {
  /** `label` is the field as the form names it: 'Business phone must be a US phone number like (555) 123-4567'. */
  notUsPhone: (label: string) => `${label} must be a US phone number like ${PHONE_EXAMPLE}`,
  noExtension: (label: string) => `${label} must be a US phone number like ${PHONE_EXAMPLE}, without an extension`,
} as const

// Between the groups: spaces, and at most one dot or dash.
const sep = String.raw`\s*[.-]?\s*`
const usPhone = new RegExp(String.raw`^(?:\+?1${sep})?(?:\((\d{3})\)|(\d{3}))${sep}(\d{3})${sep}(\d{4})$`)
const trailingExtension = /\s*(?:x|ext\.?|extension|#)\s*\d{1,6}$/i

/** The number in the mask, (555) 123-4567, or null when it is not a US number written one of the usual ways. */
export function toUsPhone(value: string): string | null {
  const match = usPhone.exec(value.trim())
  if (!match) return null
  const area = match[1] ?? match[2]!
  // No US area code starts with 0 or 1 (0000000000 is a placeholder, not a number).
  if (!/^[2-9]/.test(area)) return null
  return `(${area}) ${match[3]}-${match[4]}`
}

/**
 * The one schema of a phone field in a command: trims, turns a US number into the mask, refuses anything else
 * with `label`'s message. A blank value passes as sent, unless `required` gives the message for a missing one.
 */
export function phoneSchema(label: string, { required }: { required?: string } = {}) {
  const text = required ? z.string({ error: required }).trim().min(1, required) : z.string().trim()
  return text
    .max(40, phoneMessages.notUsPhone(label))
    .meta({ description: `${label}: a US phone number, stored as (999) 999-9999`, examples: [PHONE_EXAMPLE] })
    .transform((value, ctx) => {
      if (value === '') return value
      const phone = toUsPhone(value)
      if (phone) return phone
      const withoutExtension = value.replace(trailingExtension, '')
      const hasExtension = withoutExtension !== value && toUsPhone(withoutExtension) !== null
      ctx.addIssue({
        code: 'custom',
        input: value,
        message: hasExtension ? phoneMessages.noExtension(label) : phoneMessages.notUsPhone(label),
      })
      return z.NEVER
    })
}

/** A phone field that may be left out, null or blank, as most are. */
export const optionalPhoneSchema = (label: string) => phoneSchema(label).optional().nullable()
