import {
  LOGISTICS_DIVISION_ID,
  flagsOfferedAt,
  logisticsFlags,
  type ContactDetails,
  type LogisticsFlagDateKey,
  type LogisticsFlagKey,
} from '@crm/contracts'
import { fromLocalInputValue, toLocalInputValue } from '../../lib/local-date-time'

/**
 * What the contact form holds: strings as typed, turned into the command only on submit. The logistics switches
 * hold 'on' or ''; their dates and the other dates are the inputs' own values (YYYY-MM-DD, or local date-time).
 */
export type ContactFormValues = {
  name: string
  dba: string
  ownerName: string
  organizationTypeId: string
  contactCategory: string
  mcNumber: string
  dotNumber: string
  email: string
  businessPhone: string
  mobilePhone: string
  homePhone: string
  street1: string
  city: string
  state: string
  zip: string
  country: string
  nationalityId: string
  companyTypeId: string
  dateEstablished: string
  numberOfTrucks: string
  saferPhone: string
  saferMobilePhone: string
  currentBalance: string
  daysLate: string
  lastCollectionActivity: string
} & Record<LogisticsFlagKey | LogisticsFlagDateKey, string>

export type ContactFormField = keyof ContactFormValues

export const emptyContactForm: ContactFormValues = {
  name: '',
  dba: '',
  ownerName: '',
  organizationTypeId: '',
  contactCategory: '1',
  mcNumber: '',
  dotNumber: '',
  email: '',
  businessPhone: '',
  mobilePhone: '',
  homePhone: '',
  street1: '',
  city: '',
  state: '',
  zip: '',
  country: '',
  nationalityId: '',
  companyTypeId: '',
  dateEstablished: '',
  numberOfTrucks: '',
  saferPhone: '',
  saferMobilePhone: '',
  currentBalance: '',
  daysLate: '',
  lastCollectionActivity: '',
  isRfp: '',
  isMfp: '',
  isCreditApp: '',
  isOnlineForm: '',
  rfpDate: '',
  mfpDate: '',
  creditAppDate: '',
  onlineFormDate: '',
}

export const addressFields = ['street1', 'city', 'state', 'zip', 'country'] as const
export const collectionFormFields = ['currentBalance', 'daysLate', 'lastCollectionActivity'] as const
const flagFields: readonly string[] = logisticsFlags.flatMap((f) => [f.key, f.dateKey])

const text = (value: string) => (value.trim() === '' ? undefined : value.trim())
/** A number as typed; text that is no number stays text, so the schema names the field ("must be a number"). */
const num = (value: string): number | string | undefined => {
  const t = value.trim()
  if (t === '') return undefined
  const n = Number(t)
  return Number.isNaN(n) ? t : n
}

/** 'YYYY-MM-DD HH:mm:ss' in UTC, the product's sent format (docs/product.md 9), from a local date-time input. */
export function utcOfLocalInput(value: string): string | undefined {
  if (value.trim() === '') return undefined
  const date = fromLocalInputValue(value)
  return date ? date.toISOString().slice(0, 19).replace('T', ' ') : value
}

/** The contact's facts as the API names them (no division, status or switches), still unvalidated. */
function factsOf(values: ContactFormValues): Record<string, unknown> {
  const address = {
    street1: text(values.street1),
    city: text(values.city),
    state: text(values.state)?.toUpperCase(),
    zip: text(values.zip),
    country: text(values.country)?.toUpperCase(),
  }
  const hasAddress = Object.values(address).some((v) => v !== undefined)
  return {
    name: values.name.trim(),
    dba: text(values.dba),
    ownerName: text(values.ownerName),
    email: text(values.email),
    businessPhone: text(values.businessPhone),
    mobilePhone: text(values.mobilePhone),
    homePhone: text(values.homePhone),
    mcNumber: text(values.mcNumber),
    dotNumber: text(values.dotNumber),
    organizationTypeId: values.organizationTypeId ? Number(values.organizationTypeId) : undefined,
    contactCategory: Number(values.contactCategory || 1),
    nationalityId: values.nationalityId ? Number(values.nationalityId) : undefined,
    companyTypeId: values.companyTypeId ? Number(values.companyTypeId) : undefined,
    dateEstablished: text(values.dateEstablished),
    numberOfTrucks: num(values.numberOfTrucks),
    saferPhone: text(values.saferPhone),
    saferMobilePhone: text(values.saferMobilePhone),
    currentBalance: num(values.currentBalance),
    daysLate: num(values.daysLate),
    lastCollectionActivity: utcOfLocalInput(values.lastCollectionActivity),
    address: hasAddress ? address : undefined,
  }
}

/** The POST /contacts body with docs/product.md field names, still unvalidated: createContactSchema decides. */
export function toCreateContactInput(values: ContactFormValues, divisionId: number | null): Record<string, unknown> {
  return { ...factsOf(values), divisionId: divisionId ?? undefined }
}

/** Error keys of the API and of zod are paths (`address.zip`); the form's fields are flat. */
export function formFieldOf(path: string): ContactFormField | undefined {
  const field = path.startsWith('address.') ? path.slice('address.'.length) : path
  return field in emptyContactForm ? (field as ContactFormField) : undefined
}

const str = (value: string | number | null | undefined) => (value === null || value === undefined ? '' : String(value))

/** The edit form starts from the contact as shown. */
export function contactFormValuesOf(contact: ContactDetails): ContactFormValues {
  const flags = Object.fromEntries(
    logisticsFlags.flatMap((f) => [
      [f.key, contact[f.key] ? 'on' : ''],
      [f.dateKey, str(contact[f.dateKey])],
    ]),
  ) as Record<LogisticsFlagKey | LogisticsFlagDateKey, string>
  return {
    name: contact.name,
    dba: str(contact.dba),
    ownerName: str(contact.ownerName),
    organizationTypeId: str(contact.organizationTypeId),
    contactCategory: str(contact.contactCategory),
    mcNumber: str(contact.mcNumber),
    dotNumber: str(contact.dotNumber),
    email: str(contact.email),
    businessPhone: str(contact.businessPhone),
    mobilePhone: str(contact.mobilePhone),
    homePhone: str(contact.homePhone),
    street1: str(contact.address.street1),
    city: str(contact.address.city),
    state: str(contact.address.state),
    zip: str(contact.address.zip),
    country: str(contact.address.country),
    nationalityId: str(contact.nationalityId),
    companyTypeId: str(contact.companyTypeId),
    dateEstablished: str(contact.dateEstablished),
    numberOfTrucks: str(contact.numberOfTrucks),
    saferPhone: str(contact.saferPhone),
    saferMobilePhone: str(contact.saferMobilePhone),
    currentBalance: contact.currentBalance === null ? '' : contact.currentBalance.toFixed(2),
    daysLate: str(contact.daysLate),
    lastCollectionActivity: contact.lastCollectionActivity
      ? toLocalInputValue(new Date(contact.lastCollectionActivity))
      : '',
    ...flags,
  }
}

/**
 * The logistics switches the contact is offered (docs/product.md 6): only a logistics customer, and only those its
 * logistics status offers. Empty for everyone else: the form shows none.
 */
export function offeredFlagsOf(contact: Pick<ContactDetails, 'contactDivisionData'> | null) {
  const statusId = contact?.contactDivisionData.find((d) => d.divisionId === LOGISTICS_DIVISION_ID)?.statusId
  return flagsOfferedAt(statusId)
}

/**
 * The PATCH /contacts/{id} body: only fields that differ from `initial`. A cleared field is sent as null (not left
 * out) so that clearing is an edit; a switch as true or false with its date. Still unvalidated:
 * updateContactSchema decides.
 */
export function toUpdateContactInput(initial: ContactFormValues, values: ContactFormValues): Record<string, unknown> {
  const full = factsOf(values)
  const out: Record<string, unknown> = {}
  const address: Record<string, unknown> = {}
  for (const field of Object.keys(values) as ContactFormField[]) {
    if (values[field].trim() === initial[field].trim()) continue
    if (flagFields.includes(field)) {
      out[field] = field.startsWith('is') ? values[field] === 'on' : (text(values[field]) ?? null)
      continue
    }
    const isAddress = (addressFields as readonly string[]).includes(field)
    const value = isAddress ? (full.address as Record<string, unknown> | undefined)?.[field] : full[field]
    if (isAddress) address[field] = value ?? null
    else out[field] = field === 'name' ? value : (value ?? null)
  }
  if (Object.keys(address).length > 0) out.address = address
  return out
}
