/**
 * A field's name in words, for messages about it: `eqCrmAmountFinanced` → "Equipment CRM amount financed",
 * `organizationTypeId` → "Organization type". Derived from the name; `fieldLabels` gives a label where the words
 * of the name would read badly.
 */

/** Labels that the name's words would not give. Keyed by the field's own name (the last part of its path). */
export const fieldLabels: Record<string, string> = {
  id: 'ID',
  ids: 'IDs',
  mc: 'MC number',
  mcNumber: 'MC number',
  dot: 'DOT number',
  dotNumber: 'DOT number',
  usdot: 'USDOT number',
  dba: 'DBA',
  ein: 'EIN',
  vin: 'VIN',
  zip: 'Zip code',
  officeExt: 'Office extension',
}

/** Words written in capitals wherever they stand. */
const capitals = new Set(['id', 'ids', 'mc', 'dot', 'usdot', 'dba', 'ein', 'ssn', 'vin', 'url', 'pdf', 'csv', 'crm'])
/** Prefixes that stand for a word. */
const prefixes: Record<string, string> = { eq: 'equipment' }

function words(name: string): string[] {
  return name
    .replace(/[_\-.\s]+/g, ' ')
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => word.toLowerCase())
}

/** The field `name` in words, first letter capital: what a message says when it names the field. */
export function fieldLabel(name: string): string {
  const explicit = fieldLabels[name]
  if (explicit) return explicit
  let parts = words(name)
  if (parts.length === 0) return 'This value'
  // `contactId` is the contact the user picked; the id is how the form sends it.
  if (parts.length > 1 && (parts.at(-1) === 'id' || parts.at(-1) === 'ids')) {
    const plural = parts.at(-1) === 'ids'
    parts = parts.slice(0, -1)
    if (plural) parts[parts.length - 1] = `${parts.at(-1)}s`
  }
  if (parts.length > 1 && prefixes[parts[0]!]) parts[0] = prefixes[parts[0]!]!
  return parts
    .map((word, i) => {
      if (capitals.has(word)) return word === 'ids' ? 'IDs' : word.toUpperCase()
      return i === 0 ? word[0]!.toUpperCase() + word.slice(1) : word
    })
    .join(' ')
}

/**
 * The field at a validation path in words: its last named part (`address.state` → "State"; an item of a list
 * is named by the list: `contactIds.2` → "Contacts, item 3"); "The request body" when the path is empty.
 */
export function fieldLabelAt(path: readonly PropertyKey[]): string {
  const named = [...path].reverse().findIndex((part) => typeof part === 'string' && !/^\d+$/.test(part))
  if (named === -1) return path.length > 0 ? `Item ${Number(String(path.at(-1))) + 1}` : 'The request body'
  const at = path.length - 1 - named
  const label = fieldLabel(String(path[at]))
  const index = path[at + 1]
  return index !== undefined && /^\d+$/.test(String(index)) ? `${label}, item ${Number(String(index)) + 1}` : label
}
