import { z } from 'zod'

const text = (max: number) => z.string().trim().max(max).optional().nullable()

/** A contact's lessee (docs/product.md section 3), with the contact it was found as by MC search, if any. */
export const lesseeSchema = z.object({
  mcNumber: z.string().trim().min(1).max(20),
  lesseeName: text(200),
  lesseeStreet: text(200),
  lesseeCity: text(100),
  lesseeZip: text(10),
  lesseeState: text(2),
  lesseePhone: text(30),
  lesseeOwnerName: text(200),
  lesseeMC: text(20),
  lesseeContactId: z.uuid().optional().nullable(),
})
export type LesseeInput = z.infer<typeof lesseeSchema>

export interface Lessee {
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

export function toLessee(input: LesseeInput): Lessee {
  const v = (s: string | null | undefined) => (s && s.trim() !== '' ? s.trim() : null)
  return {
    mcNumber: input.mcNumber.trim(),
    lesseeName: v(input.lesseeName),
    lesseeStreet: v(input.lesseeStreet),
    lesseeCity: v(input.lesseeCity),
    lesseeZip: v(input.lesseeZip),
    lesseeState: v(input.lesseeState),
    lesseePhone: v(input.lesseePhone),
    lesseeOwnerName: v(input.lesseeOwnerName),
    lesseeMC: v(input.lesseeMC),
    lesseeContactId: input.lesseeContactId ?? null,
  }
}

/** POST /contacts/create/lessee and PATCH /contacts/lessee/{contactId}. */
export const setLesseeSchema = lesseeSchema.extend({ contactId: z.uuid() })
export const changeLesseeSchema = lesseeSchema
