import type { ContactDetails } from '@crm/contracts'

/** What the create-contact form holds: strings as typed, turned into the command only on submit. */
export type ContactFormValues = {
  name: string
  dba: string
  ownerName: string
  email: string
  businessPhone: string
  mcNumber: string
  dotNumber: string
  organizationTypeId: string
  contactCategory: string
  numberOfTrucks: string
  street1: string
  city: string
  state: string
  zip: string
}

export type ContactFormField = keyof ContactFormValues

export const emptyContactForm: ContactFormValues = {
  name: '',
  dba: '',
  ownerName: '',
  email: '',
  businessPhone: '',
  mcNumber: '',
  dotNumber: '',
  organizationTypeId: '',
  contactCategory: '1',
  numberOfTrucks: '',
  street1: '',
  city: '',
  state: '',
  zip: '',
}

const text = (value: string) => (value.trim() === '' ? undefined : value.trim())

/** The POST /contacts body with docs/product.md field names, still unvalidated: createContactSchema decides. */
export function toCreateContactInput(values: ContactFormValues, divisionId: number | null): Record<string, unknown> {
  const address = {
    street1: text(values.street1),
    city: text(values.city),
    state: text(values.state)?.toUpperCase(),
    zip: text(values.zip),
  }
  const hasAddress = Object.values(address).some((v) => v !== undefined)
  return {
    name: values.name.trim(),
    dba: text(values.dba),
    ownerName: text(values.ownerName),
    email: text(values.email),
    businessPhone: text(values.businessPhone),
    mcNumber: text(values.mcNumber),
    dotNumber: text(values.dotNumber),
    organizationTypeId: values.organizationTypeId ? Number(values.organizationTypeId) : undefined,
    contactCategory: Number(values.contactCategory || 1),
    numberOfTrucks: values.numberOfTrucks.trim() === '' ? undefined : Number(values.numberOfTrucks),
    address: hasAddress ? address : undefined,
    divisionId: divisionId ?? undefined,
  }
}

/** Error keys of the API and of zod are paths (`address.zip`); the form's fields are flat. */
export function formFieldOf(path: string): ContactFormField | undefined {
  const field = path.startsWith('address.') ? path.slice('address.'.length) : path
  return field in emptyContactForm ? (field as ContactFormField) : undefined
}

const str = (value: string | number | null | undefined) => (value === null || value === undefined ? '' : String(value))

/** The edit form starts from the contact as shown. */
export function contactFormValuesOf(contact: ContactDetails): ContactFormValues {
  return {
    name: contact.name,
    dba: str(contact.dba),
    ownerName: str(contact.ownerName),
    email: str(contact.email),
    businessPhone: str(contact.businessPhone),
    mcNumber: str(contact.mcNumber),
    dotNumber: str(contact.dotNumber),
    organizationTypeId: str(contact.organizationTypeId),
    contactCategory: str(contact.contactCategory),
    numberOfTrucks: str(contact.numberOfTrucks),
    street1: str(contact.address.street1),
    city: str(contact.address.city),
    state: str(contact.address.state),
    zip: str(contact.address.zip),
  }
}

const addressFields = ['street1', 'city', 'state', 'zip'] as const

/**
 * The PATCH /contacts/{id} body: only fields that differ from `initial`. A cleared field is sent as null
 * (not left out) so that clearing is an edit; still unvalidated: updateContactSchema decides.
 */
export function toUpdateContactInput(initial: ContactFormValues, values: ContactFormValues): Record<string, unknown> {
  const full = toCreateContactInput(values, null)
  const out: Record<string, unknown> = {}
  const address: Record<string, unknown> = {}
  for (const field of Object.keys(values) as ContactFormField[]) {
    if (values[field].trim() === initial[field].trim()) continue
    const isAddress = (addressFields as readonly string[]).includes(field)
    const value = isAddress ? (full.address as Record<string, unknown> | undefined)?.[field] : full[field]
    if (isAddress) address[field] = value ?? null
    else out[field] = field === 'name' ? value : (value ?? null)
  }
  if (Object.keys(address).length > 0) out.address = address
  return out
}
