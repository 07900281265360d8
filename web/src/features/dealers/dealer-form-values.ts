import type { ContactDetails, CreateDealer, UpdateDealer } from '@crm/contracts'

export const dealerFormFields = [
  'name',
  'businessPhone',
  'contactCategory',
  'organizationTypeId',
  'ownerName',
  'email',
  'dotNumber',
  'mcNumber',
  'numberOfTrucks',
  'nationalityId',
  'companyTypeId',
  'street1',
  'city',
  'state',
  'zip',
] as const
export type DealerFormField = (typeof dealerFormFields)[number]
export type DealerFormValues = Record<DealerFormField, string>

export const emptyDealerForm = (prefill: Partial<DealerFormValues> = {}): DealerFormValues => ({
  ...(Object.fromEntries(dealerFormFields.map((f) => [f, ''])) as DealerFormValues),
  contactCategory: '4',
  ...prefill,
})

const str = (value: string | number | null | undefined) => (value === null || value === undefined ? '' : String(value))

export const dealerFormValuesOf = (d: ContactDetails): DealerFormValues => ({
  name: d.name,
  businessPhone: str(d.businessPhone),
  contactCategory: str(d.contactCategory),
  organizationTypeId: str(d.organizationTypeId),
  ownerName: str(d.ownerName),
  email: str(d.email),
  dotNumber: str(d.dotNumber),
  mcNumber: str(d.mcNumber),
  numberOfTrucks: str(d.numberOfTrucks),
  nationalityId: str(d.nationalityId),
  companyTypeId: str(d.companyTypeId),
  street1: str(d.address.street1),
  city: str(d.address.city),
  state: str(d.address.state),
  zip: str(d.address.zip),
})

const num = (value: string) => (value.trim() === '' ? undefined : Number(value))
const orNull = (value: string) => (value.trim() === '' ? null : value.trim())
const addressFields = ['street1', 'city', 'state', 'zip'] as const

/** The form as POST /ts-dealers takes it (validated with the same schema before sending). */
export function toCreateDealerInput(v: DealerFormValues): Record<string, unknown> {
  return {
    name: v.name,
    businessPhone: v.businessPhone,
    contactCategory: num(v.contactCategory),
    organizationTypeId: num(v.organizationTypeId),
    ownerName: orNull(v.ownerName),
    email: v.email.trim(),
    dotNumber: orNull(v.dotNumber),
    mcNumber: orNull(v.mcNumber),
    numberOfTrucks: num(v.numberOfTrucks) ?? null,
    nationalityId: num(v.nationalityId) ?? null,
    companyTypeId: num(v.companyTypeId) ?? null,
    address: Object.fromEntries(addressFields.map((f) => [f, orNull(v[f])])),
  } satisfies Partial<Record<keyof CreateDealer, unknown>>
}

/** Only the fields that changed, as PATCH /ts-dealers/{id} takes them. */
export function toUpdateDealerInput(initial: DealerFormValues, v: DealerFormValues): Partial<UpdateDealer> {
  const all = toCreateDealerInput(v)
  const before = toCreateDealerInput(initial)
  const changes: Record<string, unknown> = {}
  for (const key of Object.keys(all)) {
    if (key === 'address') {
      const address = Object.fromEntries(addressFields.filter((f) => v[f] !== initial[f]).map((f) => [f, orNull(v[f])]))
      if (Object.keys(address).length > 0) changes.address = address
    } else if (JSON.stringify(all[key] ?? null) !== JSON.stringify(before[key] ?? null)) {
      changes[key] = all[key] ?? null
    }
  }
  return changes as Partial<UpdateDealer>
}
