import type { LoadRow } from '@crm/contracts'

/** The load form as typed (strings), turned into the command on submit. */
export type LoadFormValues = {
  originCity: string
  originStateId: string
  originZip: string
  destinationCity: string
  destinationStateId: string
  destinationZip: string
  pickUpDate: string
  loadPay: string
  loadTypeId: string
  product: string
  equipmentId: string
  weight: string
  notes: string
}
export type LoadFormField = keyof LoadFormValues

export const emptyLoadForm: LoadFormValues = {
  originCity: '',
  originStateId: '',
  originZip: '',
  destinationCity: '',
  destinationStateId: '',
  destinationZip: '',
  pickUpDate: '',
  loadPay: '',
  loadTypeId: '',
  product: '',
  equipmentId: '',
  weight: '',
  notes: '',
}

const str = (value: string | number | null) => (value === null ? '' : String(value))

export const loadFormValuesOf = (load: LoadRow): LoadFormValues => ({
  originCity: load.originCity,
  originStateId: str(load.originStateId),
  originZip: str(load.originZip),
  destinationCity: load.destinationCity,
  destinationStateId: str(load.destinationStateId),
  destinationZip: str(load.destinationZip),
  pickUpDate: load.pickUpDate,
  loadPay: load.loadPay.toFixed(2),
  loadTypeId: str(load.loadTypeId),
  product: str(load.product),
  equipmentId: str(load.equipmentId),
  weight: str(load.weight),
  notes: str(load.notes),
})

/** An empty required field stays undefined, so the schema names it with its own message. */
const num = (value: string) => (value.trim() === '' ? undefined : Number(value.replace(/[$,\s]/g, '')))
const optionalNum = (value: string) => (value.trim() === '' ? null : Number(value.replace(/[,\s]/g, '')))
const optionalText = (value: string) => (value.trim() === '' ? null : value.trim())

/** The POST body's load fields, unvalidated: createLoadSchema decides. */
export const toLoadInput = (v: LoadFormValues): Record<string, unknown> => ({
  originCity: v.originCity,
  originStateId: num(v.originStateId),
  originZip: optionalText(v.originZip),
  destinationCity: v.destinationCity,
  destinationStateId: num(v.destinationStateId),
  destinationZip: optionalText(v.destinationZip),
  pickUpDate: v.pickUpDate === '' ? undefined : v.pickUpDate,
  loadPay: num(v.loadPay),
  loadTypeId: optionalNum(v.loadTypeId),
  product: optionalText(v.product),
  equipmentId: optionalNum(v.equipmentId),
  weight: optionalNum(v.weight),
  notes: optionalText(v.notes),
})

/** A PATCH sends only the fields that differ from the load as it was opened. */
export function toLoadChanges(initial: LoadFormValues, values: LoadFormValues): Record<string, unknown> {
  const before = toLoadInput(initial)
  const after = toLoadInput(values)
  return Object.fromEntries(
    Object.entries(after).filter(([key, value]) => JSON.stringify(value) !== JSON.stringify(before[key])),
  )
}
