import { z } from 'zod'
import { optionalPhoneSchema } from '../common/phone'

const text = (max: number) => z.string().trim().max(max).optional().nullable()

/** A contact's lessee (docs/product.md section 3), with the contact it was found as by MC search, if any. */
export const lesseeSchema = z.object({
  mcNumber: z.string().trim().min(1).max(20),
  lesseeName: text(200),
  lesseeStreet: text(200),
  lesseeCity: text(100),
  lesseeZip: text(10),
  lesseeState: text(2),
  lesseePhone: optionalPhoneSchema('Lessee phone'),
  lesseeOwnerName: text(200),
  lesseeMC: text(20),
  lesseeContactId: z.uuid().optional().nullable(),
})
export type LesseeInput = z.infer<typeof lesseeSchema>

/** Where a lessee is: the structured address of events since version 2 of LesseeSet and ContactConverted. */
export interface LesseeAddress {
  street: string | null
  city: string | null
  state: string | null
  zip: string | null
}

/**
 * A lessee as events carry it (version 2): its address as one structure. The API keeps the flat fields of
 * docs/product.md (`lesseeStreet`, ...): `lesseeFields` turns one into the other.
 */
export interface Lessee {
  mcNumber: string
  lesseeName: string | null
  address: LesseeAddress
  lesseePhone: string | null
  lesseeOwnerName: string | null
  lesseeMC: string | null
  lesseeContactId: string | null
}

/** A lessee as events of version 1 carried it: the address in flat fields. Read as version 2 (upcastLessee). */
export interface LesseeV1 {
  mcNumber: string
  lesseeName: string | null
  lesseeStreet: string | null
  lesseeCity: string | null
  lesseeZip: string | null
  lesseeState: string | null
  lesseePhone: string | null
  lesseeOwnerName: string | null
  lesseeMC: string | null
  lesseeContactId: string | null
}

/** The lessee as the API shows it (flat fields, docs/product.md 3). */
export type LesseeFields = LesseeV1

export function toLessee(input: LesseeInput): Lessee {
  const v = (s: string | null | undefined) => (s && s.trim() !== '' ? s.trim() : null)
  return {
    mcNumber: input.mcNumber.trim(),
    lesseeName: v(input.lesseeName),
    address: {
      street: v(input.lesseeStreet),
      city: v(input.lesseeCity),
      state: v(input.lesseeState),
      zip: v(input.lesseeZip),
    },
    lesseePhone: v(input.lesseePhone),
    lesseeOwnerName: v(input.lesseeOwnerName),
    lesseeMC: v(input.lesseeMC),
    lesseeContactId: input.lesseeContactId ?? null,
  }
}

/**
 * A stored lessee of either version as version 2. Decided by its shape, not by a number, so it is safe on data
 * that is already current (a read model's copy, a history row).
 */
export function upcastLessee(lessee: Lessee | LesseeV1): Lessee {
  if ('address' in lessee && lessee.address) return lessee
  const { lesseeStreet, lesseeCity, lesseeZip, lesseeState, ...rest } = lessee as LesseeV1
  return {
    ...rest,
    address: {
      street: lesseeStreet ?? null,
      city: lesseeCity ?? null,
      state: lesseeState ?? null,
      zip: lesseeZip ?? null,
    },
  }
}

/** The API's flat fields of a stored lessee (of either version). */
export function lesseeFields(stored: Lessee | LesseeV1): LesseeFields {
  const { address, ...rest } = upcastLessee(stored)
  return {
    ...rest,
    lesseeStreet: address.street,
    lesseeCity: address.city,
    lesseeZip: address.zip,
    lesseeState: address.state,
  }
}

/** POST /contacts/create/lessee and PATCH /contacts/lessee/{contactId}. */
export const setLesseeSchema = lesseeSchema.extend({ contactId: z.uuid() })
export const changeLesseeSchema = lesseeSchema
