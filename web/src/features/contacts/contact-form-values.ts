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

/** The POST /contacts body with SPEC.md field names, still unvalidated: createContactSchema decides. */
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
