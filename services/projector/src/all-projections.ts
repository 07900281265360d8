import type { AnyProjection } from './runtime/projection'
import { contactDivisionsProjection } from './read-models/contact-divisions/contact-divisions.projection'
import { contactsListProjection } from './read-models/contacts-list/contacts-list.projection'
import { streamHistoryProjection } from './read-models/stream-history/stream-history.projection'
import { usersProjection } from './read-models/users/users.projection'

/**
 * Every read model the projector maintains. To ship a new version of one, register it here beside the old
 * (e.g. contactsListV1, contactsListV2): the old keeps serving while the new backfills, then retires itself.
 */
export const allProjections: readonly AnyProjection[] = [
  contactsListProjection,
  contactDivisionsProjection,
  streamHistoryProjection,
  usersProjection,
]
