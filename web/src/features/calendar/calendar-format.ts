const time = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' })
const hour = new Intl.DateTimeFormat('en-US', { hour: 'numeric' })
const weekday = new Intl.DateTimeFormat('en-US', { weekday: 'short' })

/** 9:30 AM: the time half of docs/product.md 9's "hh:mm A", without the leading zero in the dense views. */
export const formatTime = (d: Date) => time.format(d)
/** 5 PM: the hour labels of the time grid. */
export const formatHour = (h: number) => hour.format(new Date(2000, 0, 1, h))
export const formatWeekday = (d: Date) => weekday.format(d)
