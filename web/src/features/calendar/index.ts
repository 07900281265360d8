export { formatTime } from './calendar-format'
export { dayKey } from './calendar-grid'
export { openMeeting, openNewMeeting } from './meeting-modal'
