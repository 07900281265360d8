import {
  ActivityType,
  type ActivityLogged,
  type BusinessCardRemoved,
  type BusinessCardUploaded,
  type ContactOutOfBusinessMarked,
  type RedFlagRaised,
  type RedFlagResolved,
} from '@crm/contracts'
import { sql } from 'kysely'
import { contactRowUpdate } from './contact-update'

/** The open-flag count behind the red flag icon of the lists. */
export const onRedFlagRaised = contactRowUpdate<RedFlagRaised>([], () => ({}), sql`opened_flags = t.opened_flags + 1`)
export const onRedFlagResolved = contactRowUpdate<RedFlagResolved>(
  [],
  () => ({}),
  sql`opened_flags = greatest(t.opened_flags - 1, 0)`,
)

export const onOutOfBusinessMarked = contactRowUpdate<ContactOutOfBusinessMarked>(
  [['oob', 'boolean']],
  ({ data }) => ({ oob: data.outOfBusiness }),
  sql`out_of_business = r.oob`,
)

/** Last Contact Date / Last Meeting Date columns: the latest activity of each kind. */
export const onActivityLogged = contactRowUpdate<ActivityLogged>(
  [
    ['at', 'timestamptz'],
    ['meeting', 'boolean'],
  ],
  ({ data }) => ({ at: data.occurredAt, meeting: data.activityType === ActivityType.Meeting }),
  sql`last_contact_date = greatest(t.last_contact_date, r.at),
      last_meeting_date = case when r.meeting then greatest(t.last_meeting_date, r.at) else t.last_meeting_date end`,
)

export const onBusinessCardUploaded = contactRowUpdate<BusinessCardUploaded>(
  [['card', 'jsonb']],
  ({ data }) => ({
    card: { documentKey: data.documentKey, fileName: data.fileName, contentType: data.contentType, size: data.size },
  }),
  sql`business_cards = t.business_cards || jsonb_build_array(r.card)`,
)

export const onBusinessCardRemoved = contactRowUpdate<BusinessCardRemoved>(
  [['key', 'text']],
  ({ data }) => ({ key: data.documentKey }),
  sql`business_cards = coalesce(
    (select jsonb_agg(c) from jsonb_array_elements(t.business_cards) c where c ->> 'documentKey' <> r.key), '[]')`,
)
