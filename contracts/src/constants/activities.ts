/** Activity types (docs/product.md section 3). */
export const ActivityType = {
  OutgoingCall: 10009,
  IncomingCall: 10010,
  TextMessage: 10011,
  Email: 10012,
  Meeting: 10013,
  DirectMail: 10014,
} as const
export type ActivityTypeId = (typeof ActivityType)[keyof typeof ActivityType]

export const activityTypeNames: Record<ActivityTypeId, string> = {
  10009: 'Outgoing call',
  10010: 'Incoming call',
  10011: 'Text message',
  10012: 'Email',
  10013: 'Meeting',
  10014: 'Direct mail',
}

/** Next steps on task completion (docs/product.md section 4). None is the default. */
export const NextStep = {
  None: 0,
  NoAnswer: 10001,
  FollowUp: 10002,
  Tomorrow: 10003,
  InSevenDays: 10004,
} as const
