/**
 * Merge fields of a template (docs/product.md 8 "Email"): `{{contact.name}}` and the like are filled from the
 * contact and the sender when the mail is composed. Unknown fields become empty, so a typo never reaches a
 * carrier as braces.
 */
export const mergeFields = [
  { key: 'contact.name', label: 'Company name' },
  { key: 'contact.dba', label: 'DBA' },
  { key: 'contact.ownerName', label: 'Company owner' },
  { key: 'contact.email', label: 'Contact email' },
  { key: 'contact.dotNumber', label: 'US DOT' },
  { key: 'contact.mcNumber', label: 'MC number' },
  { key: 'contact.city', label: 'City' },
  { key: 'contact.state', label: 'State' },
  { key: 'contact.businessPhone', label: 'Business phone' },
  { key: 'sender.name', label: 'Sender name' },
  { key: 'sender.email', label: 'Sender email' },
  { key: 'sender.signature', label: 'Sender signature' },
] as const
export type MergeFieldKey = (typeof mergeFields)[number]['key']
export type MergeValues = Partial<Record<MergeFieldKey, string | null>>

const TOKEN = /\{\{\s*([a-zA-Z]+\.[a-zA-Z]+)\s*\}\}/g

const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

/**
 * Fills the merge fields of `text`. In HTML (`html: true`) values are escaped and line breaks kept (the signature
 * is the profile's plain text).
 */
export function fillMergeFields(text: string, values: MergeValues, { html }: { html: boolean }): string {
  return text.replace(TOKEN, (_, key: string) => {
    const value = values[key as MergeFieldKey] ?? ''
    return html ? escapeHtml(value).replace(/\r?\n/g, '<br>') : value
  })
}

/** Plain text of an HTML body: the text part of a multipart mail and the timeline's notes. */
export function htmlToText(html: string): string {
  return html
    .replace(/<(br|\/p|\/div|\/li|\/h[1-6])\s*\/?>/gi, '\n')
    .replace(/<a\s[^>]*href="([^"]*)"[^>]*>(.*?)<\/a>/gi, '$2 ($1)')
    .replace(/<[^>]+>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
}
