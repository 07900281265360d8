/** Phone mask (999) 999-9999 of docs/product.md section 5, applied while typing. */
export function maskPhone(input: string): string {
  let digits = input.replace(/\D/g, '')
  // A pasted "+1 (555) 123-4567" carries the country code; the mask has room for ten digits only.
  if (digits.length > 10 && digits.startsWith('1')) digits = digits.slice(1)
  digits = digits.slice(0, 10)
  if (digits.length === 0) return ''
  if (digits.length <= 3) return `(${digits}`
  if (digits.length <= 6) return `(${digits.slice(0, 3)}) ${digits.slice(3)}`
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`
}

export function isCompletePhone(value: string): boolean {
  return /^\(\d{3}\) \d{3}-\d{4}$/.test(value)
}

/** A `tel:` address dials the digits (and a leading +) whatever the number's formatting. */
export const telHref = (phone: string): string => `tel:${phone.replace(/[^\d+]/g, '')}`
