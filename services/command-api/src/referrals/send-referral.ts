import {
  DEFAULT_TASK_TIME_ZONE,
  NotificationKind,
  referralMessages,
  type Caller,
  notificationStreamId,
  type CreateReferral,
  type ReferralSent,
  ActivityType,
} from '@crm/contracts'
import { currentTime, type EventStore } from '@crm/platform'
import type { Kysely } from 'kysely'
import type { CommandEnvelope } from '../command-handling/command-envelope'
import { handleCommand } from '../command-handling/handle-command'
import { idsFor } from '../command-handling/ids'
import { contactStreamId } from '../contacts/contacts.events'
import { contactDecider } from '../contacts/decide'
import { runContactCommand } from '../contacts/run-contact-command'
import { notificationsDecider } from '../notifications/decide'
import { derived, latest, runOnContact, runOnTask } from '../tasks/run-task'
import { contactReferralsDecider } from './contact-referrals'
import { referralDecider, type ReferralCommand } from './decide'
import { divisionOfUser, fieldErrorsAs400, gradeDaysOf, runOnReferral } from './run-referral'
import { loadAggregate } from '../command-handling/load-aggregate'

/**
 * Sending a referral, each step idempotent under a command id derived from the request's:
 * 1. the referral is decided first on its own (a refusal leaves nothing behind);
 * 2. the contact records ContactReferred (refused when already referred to that division);
 * 3. a contact not yet in the receiving division joins it, assigned to the attention-to user;
 * 4. the referral stream, then the attention-to user's task (with referralId) and its marker on the contact;
 * 5. a notification to the attention-to user.
 */
export async function sendReferral(
  store: EventStore,
  db: Kysely<unknown>,
  envelope: CommandEnvelope,
  actor: Caller,
  data: CreateReferral,
) {
  const referralId = idsFor(envelope.commandId, 'referral').next()
  const taskId = idsFor(envelope.commandId, 'referral-task').next()
  const timeZone = data.timeZone ?? DEFAULT_TASK_TIME_ZONE
  const command: ReferralCommand = {
    type: 'SendReferral',
    referralId,
    taskId,
    actor,
    data,
    config: await gradeDaysOf(db, data.divisionId),
    timeZone,
    divisionOfAttentionTo: await divisionOfUser(db, data.attention_to),
  }
  const now = currentTime()
  const decided = await fieldErrorsAs400(() =>
    referralDecider.decide(referralDecider.initialState, command, { now, ids: idsFor(envelope.commandId) }),
  )
  const sent = (decided[0] as ReferralSent).data

  const referred = await handleCommand(
    store,
    contactReferralsDecider,
    contactStreamId(data.contactId),
    {
      type: 'ReferContact',
      data: {
        contactId: data.contactId,
        referralId,
        divisionId: data.divisionId,
        divisionFrom: actor.divisionId,
        referredBy: actor.userId,
      },
    },
    derived(envelope, 'contact-referred'),
  )

  const { state: contact } = await loadAggregate(store, contactStreamId(data.contactId), contactDecider)
  let joined = null
  if (!contact.divisions[data.divisionId]) {
    const join = await runContactCommand(
      store,
      data.contactId,
      {
        type: 'AssignContact',
        actor,
        divisionId: data.divisionId,
        assigned: data.attention_to,
        cscCreationDate: null,
        isMasterDataAssign: true,
      },
      derived(envelope, 'join-division'),
    )
    joined = join.position
  }

  const referral = await runOnReferral(store, referralId, command, envelope)
  const marker = await runOnContact(
    store,
    data.contactId,
    { type: 'OpenContactTask', taskId, assigned: data.attention_to },
    envelope,
    'referral-task-marker',
  )
  const task = await runOnTask(
    store,
    taskId,
    {
      type: 'CreateTask',
      actor,
      taskId,
      data: {
        title: `Referral: ${sent.subject}`,
        description: sent.note,
        assigned: data.attention_to,
        priority: 0,
        dueDate: sent.dueDate,
        activityType: ActivityType.OutgoingCall,
        contactId: data.contactId,
        divisionId: data.divisionId,
        referralId,
        attachments: [],
        isDemo: false,
      },
      timeZone,
      followsTaskId: null,
    },
    derived(envelope, 'referral-task'),
  )
  const notified = await handleCommand(
    store,
    notificationsDecider,
    notificationStreamId(data.attention_to),
    {
      type: 'RaiseNotification',
      notification: {
        notificationId: idsFor(envelope.commandId, 'referral-notification').next(),
        userId: data.attention_to,
        kind: NotificationKind.Referral,
        title: `New referral: ${sent.subject}`,
        message: sent.note,
        contactId: data.contactId,
        taskId,
        dueDate: sent.dueDate,
        remindAt: null,
        raisedBy: actor.userId,
        raisedAt: now.toISOString(),
      },
    },
    derived(envelope, 'referral-notification'),
  )
  return {
    referralId,
    taskId,
    message: referralMessages.sent,
    position: latest(referred.position, joined, referral.position, marker.position, task.position, notified.position),
  }
}
