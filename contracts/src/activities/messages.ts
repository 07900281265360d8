/**
 * Activity, shared-note and comment messages. Verbatim where docs/product.md gives the text ('Please enter note',
 * 'Please select date range!'); the others are rules docs/product.md states without a message: short and plain.
 */
export const activityMessages = {
  subjectRequired: 'Please Enter Subject',
  enterNote: 'Please enter note',
  selectDateRange: 'Please select date range!',
  /** Send Email of the Edit Activity form for a contact without an email address. */
  enterEmailFirst: 'Please Enter Email First',
  /** docs/product.md 5: "Meeting dates only today or previous two days". */
  meetingDateOutOfRange: 'Meeting date can only be today or one of the previous two days',
  activityInactive: 'This activity is inactive',
  activityNotFound: 'Activity not found',
  sharedNoteNotFound: 'Shared note not found',
  commentNotFound: 'Comment not found',
  activityUpdated: 'Activity updated',
  activityInactivated: 'Activity set inactive',
  sharedNoteAdded: 'Shared note added',
  sharedNoteDeleted: 'Shared note deleted',
  commentAdded: 'Comment added',
  commentDeleted: 'Comment deleted',
} as const
