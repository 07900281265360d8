import {
  nationalities,
  type ContactConverted,
  type ContactDeleted,
  type ContactMergedInto,
  type ContactsCombined,
  type ContactUpdated,
  type PersonalDataErased,
} from '@crm/contracts'
import { sql } from 'kysely'
import { erasedColumns } from '../../runtime/recordset'
import { assignChangedFields, contactRowUpdate } from './contact-update'

/** Preferred language is shown by name in the lists; docs/product.md's nationalityId is its id. */
export const languageOf = (id: unknown): string | null =>
  typeof id === 'number' ? ((nationalities as Record<number, string>)[id] ?? null) : null

const changesColumns = [
  ['changes', 'jsonb'],
  ['language', 'text'],
] as const

const setChanges = sql`${assignChangedFields},
  preferred_language = case when r.changes ? 'nationalityId' then r.language else t.preferred_language end`

/** PATCH /contacts/{id}: only the fields in `changes` move. */
export const onContactUpdated = contactRowUpdate<ContactUpdated>(
  changesColumns,
  ({ data }) => ({ changes: data.changes, language: languageOf(data.changes.nationalityId) }),
  setChanges,
)

/** A combine writes the survivor's whole profile and its open red flags afterwards. */
export const onContactsCombined = contactRowUpdate<ContactsCombined>(
  [...changesColumns, ['open_flags', 'int']],
  ({ data }) => ({
    changes: data.profile,
    language: languageOf(data.profile.nationalityId),
    open_flags: data.redFlags.length,
  }),
  sql`${setChanges}, opened_flags = r.open_flags`,
)

export const onContactDeleted = contactRowUpdate<ContactDeleted>([], () => ({}), sql`deleted = true`)

/** A retired contact leaves the lists (deleted) and redirects to its survivor. */
export const onContactMergedInto = contactRowUpdate<ContactMergedInto>(
  [['survivor', 'uuid']],
  ({ data }) => ({ survivor: data.survivorId }),
  sql`deleted = true, merged_into = r.survivor`,
)

/** A conversion may set the preferred language (Prospect → Account) and the contact category. */
export const onContactConverted = contactRowUpdate<ContactConverted>(
  [
    ['nationality', 'int'],
    ['language', 'text'],
    ['category', 'int'],
  ],
  ({ data }) => ({
    nationality: data.nationalityId,
    language: languageOf(data.nationalityId),
    category: data.contactCategory,
  }),
  sql`nationality_id = coalesce(r.nationality, t.nationality_id),
      preferred_language = coalesce(r.language, t.preferred_language),
      contact_category = coalesce(r.category, t.contact_category)`,
)

/** Erased personal data (docs/decisions/035): names, phones, email and street address read "erased". */
export const onPersonalDataErased = contactRowUpdate<PersonalDataErased>(
  [],
  () => ({}),
  erasedColumns([
    'name',
    'dba',
    'owner_name',
    'email',
    'business_phone',
    'mobile_phone',
    'home_phone',
    'safer_phone',
    'safer_mobile_phone',
    'street1',
    'zip',
  ]),
)
