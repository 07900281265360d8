import { z } from 'zod'

/**
 * The body of an edit (PATCH): every field optional and none with a default, so that an edit changes only what it
 * sends. A create schema's `.partial()` keeps its defaults (zod fills an absent `contactCategory` with 1, and the
 * edit would reset it): build patch schemas with this instead.
 */
export function patchOf<Shape extends z.ZodRawShape>(shape: Shape) {
  const fields = Object.fromEntries(
    Object.entries(shape).map(([key, field]) => [key, withoutDefault(field as z.ZodType).optional()]),
  )
  return z.object(fields as unknown as { [K in keyof Shape]: z.ZodOptional<StripDefault<Shape[K]>> })
}

type StripDefault<T> = T extends z.ZodDefault<infer Inner> ? Inner : T

function withoutDefault(field: z.ZodType): z.ZodType {
  return field instanceof z.ZodDefault ? (field.unwrap() as z.ZodType) : field
}

/** An edit must change something: an empty body is refused with this message. */
export const NOTHING_TO_CHANGE = 'Nothing to change'

/** True when an edit sends a field besides those that only say which record it is about (`contactId`...). */
export const changesSomething =
  (...locators: string[]) =>
  (value: object): boolean =>
    Object.entries(value).some(([key, v]) => v !== undefined && !locators.includes(key))

/** The refinement every edit schema ends with. */
export const mustChange = (...locators: string[]) =>
  [changesSomething(...locators), { message: NOTHING_TO_CHANGE }] as const
