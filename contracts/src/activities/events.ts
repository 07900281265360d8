/**
 * Activities are events of the contact's stream (docs/architecture.md: "activities for a contact are events on
 * the contact's stream"), so the contact's rules that need them ("a Lead needs an activity before
 * converting", "give up needs min_call_attempts call attempts") are decided without a read model.
 *
 * ActivityLogged is the full record a timeline needs; later fields are added as optional, never renamed.
 *   activityType  10009 outgoing call, 10010 incoming call, 10011 text, 10012 email, 10013 meeting, 10014 direct mail
 *   callData      for calls: duration in seconds and the outcome (Attempted: nobody answered; Answered)
 *   occurredAt    when the activity happened (UTC ISO); the metadata's occurredAt is when it was logged
 *   divisionId    the division whose work it is (call attempts and "has an activity" count per division)
 *   source        'no-answer' when logged by the status bar's No Answer button
 */
export type CallOutcome = 'Attempted' | 'Answered'

export type ActivityLogged = {
  type: 'ActivityLogged'
  data: {
    contactId: string
    activityId: string
    divisionId: number
    activityType: number
    subject: string
    notes: string | null
    callData: { duration: number; outcome: CallOutcome } | null
    occurredAt: string
    userId: string
    nextStep: number | null
    followUpDate: string | null
    attachments: { id: string; key: string; type: string; name: string }[]
    source: 'form' | 'no-answer'
  }
}

/**
 * PATCH /activity/{id}: `changes` holds only the fields the edit changed, with their new values (a cleared
 * notes or callData is null). `divisionId` is the activity's division, so consumers need no lookup.
 */
export type ActivityEdited = {
  type: 'ActivityEdited'
  data: {
    contactId: string
    activityId: string
    divisionId: number
    changes: Partial<{
      activityType: number
      subject: string
      notes: string | null
      callData: { duration: number; outcome: CallOutcome } | null
      occurredAt: string
      /** The activity's files after the change (POST /activity/link-attachments adds to them). */
      attachments: { id: string; key: string; type: string; name: string }[]
    }>
  }
}

/**
 * PATCH /activity/set-inactive/{id} (also what click-to-call does when its modal closes without the call
 * being logged): the activity leaves the timeline, the lists and every count; its history stays. Final.
 */
export type ActivityInactivated = {
  type: 'ActivityInactivated'
  data: { contactId: string; activityId: string; divisionId: number }
}
