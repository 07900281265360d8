import { z } from 'zod'
import { mustChange } from '../common/patch-schema'
import { usStates } from '../constants/us-states'

export const loadMessages = {
  /** docs/product.md 5: a load booked without its customer. */
  customerIdMissing: 'Unable to obtain customer id',
  loadNotFound: 'Load not found',
  originCityRequired: 'Please enter origin city',
  destinationCityRequired: 'Please enter destination city',
  stateRequired: 'Please select state',
  pickUpDateRequired: 'Please enter pick-up date',
  loadPayRequired: 'Please enter load pay',
  loadPayInvalid: 'Load pay must be an amount in USD, at least 0.00, with at most two decimals',
  zipInvalid: 'Zip code must be 5 digits (or 5+4)',
  loadBooked: 'Load successfully created.',
  loadUpdated: 'Load successfully updated.',
  loadDeleted: 'Load successfully deleted.',
} as const

/** Load types and equipment: the product names the fields, not their values; these are ours (decision 019). */
export const loadTypes = [
  { id: 1, name: 'Full Truckload' },
  { id: 2, name: 'Less Than Truckload' },
  { id: 3, name: 'Partial' },
  { id: 4, name: 'Intermodal' },
  { id: 5, name: 'Expedited' },
] as const
export const loadEquipment = [
  { id: 1, name: 'Dry Van' },
  { id: 2, name: 'Reefer' },
  { id: 3, name: 'Flatbed' },
  { id: 4, name: 'Step Deck' },
  { id: 5, name: 'Conestoga' },
  { id: 6, name: 'Power Only' },
] as const

const MAX_LOAD_PAY = 10_000_000
const stateIds: readonly number[] = usStates.map((s) => s.id)
const required = (message: string) => ({ error: message })

const city = (message: string) => z.string(required(message)).trim().min(1, message).max(100)
const stateId = z
  .number(required(loadMessages.stateRequired))
  .int(loadMessages.stateRequired)
  .refine((id) => stateIds.includes(id), loadMessages.stateRequired)
const zip = z
  .string()
  .trim()
  .regex(/^(\d{5}(-\d{4})?)?$/, loadMessages.zipInvalid)
  .optional()
  .nullable()
const loadPay = z
  .number(required(loadMessages.loadPayRequired))
  .min(0, loadMessages.loadPayInvalid)
  .max(MAX_LOAD_PAY, loadMessages.loadPayInvalid)
  .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, loadMessages.loadPayInvalid)
const lookup = (ids: readonly { id: number }[]) =>
  z
    .number()
    .int()
    .refine((id) => ids.some((x) => x.id === id), 'Please select a value from the list')
    .optional()
    .nullable()
const text = (max: number) => z.string().trim().max(max).optional().nullable()

/** docs/product.md 3 "Load", without its customer. */
export const loadFieldsSchema = z.object({
  originCity: city(loadMessages.originCityRequired),
  originStateId: stateId,
  originZip: zip,
  destinationCity: city(loadMessages.destinationCityRequired),
  destinationStateId: stateId,
  destinationZip: zip,
  pickUpDate: z.iso.date(required(loadMessages.pickUpDateRequired)),
  loadPay,
  loadTypeId: lookup(loadTypes),
  product: text(200),
  equipmentId: lookup(loadEquipment),
  weight: z.number().min(0).max(1_000_000).optional().nullable(),
  notes: text(5_000),
})
export type LoadFields = z.infer<typeof loadFieldsSchema>

/** POST /customers-logistic-loads: a load of a logistics customer ('Unable to obtain customer id' without one). */
export const createLoadSchema = loadFieldsSchema.extend({
  contactId: z.uuid(required(loadMessages.customerIdMissing)),
})
export type CreateLoad = z.infer<typeof createLoadSchema>

/** PATCH /customers-logistic-loads/{id}: only the fields sent change. */
export const updateLoadSchema = loadFieldsSchema.partial().refine(...mustChange())
export type UpdateLoad = z.infer<typeof updateLoadSchema>

export const loadAnswerSchema = z.object({
  id: z.string(),
  contactId: z.string(),
  position: z.string(),
  message: z.string(),
})

/** A row of the customer's loads table (GET /customers-logistic-loads/all/{contactId}) and GET …/{id}. */
export const loadRowSchema = z.object({
  id: z.string(),
  contactId: z.string(),
  originCity: z.string(),
  originStateId: z.number(),
  originZip: z.string().nullable(),
  destinationCity: z.string(),
  destinationStateId: z.number(),
  destinationZip: z.string().nullable(),
  pickUpDate: z.string(),
  /** USD, two decimals. */
  loadPay: z.number(),
  loadTypeId: z.number().nullable(),
  product: z.string().nullable(),
  equipmentId: z.number().nullable(),
  weight: z.number().nullable(),
  notes: z.string().nullable(),
  createdAt: z.string(),
  createdByName: z.string().nullable(),
})
export type LoadRow = z.infer<typeof loadRowSchema>

/** Load pay of a customer in total and per month of pick-up (GET /customers-logistic-loads/totals/{contactId}). */
export const loadTotalsSchema = z.object({
  count: z.number().int(),
  total: z.number(),
  months: z.array(z.object({ month: z.string(), count: z.number().int(), total: z.number() })),
})
export type LoadTotals = z.infer<typeof loadTotalsSchema>

/** Sort fields of the loads table. */
export const loadSortFields = ['pickUpDate', 'loadPay', 'originCity', 'destinationCity', 'createdAt'] as const
