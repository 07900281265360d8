/**
 * Every read model the projector runs, by the name it checkpoints under (projection_checkpoints.name) and the query
 * side waits on (a route's `projections`, X-Min-Position). Typed once here: a projection's definition must carry
 * one of these names and a route's list is made of them, so a misspelt name is a type error, not a read that waits
 * out the whole timeout and answers stale.
 */
export const readModelNames = {
  activities: 'activities',
  additionalContacts: 'additional_contacts',
  censusFacts: 'census_facts',
  comments: 'comments',
  contactDivisions: 'contact_divisions',
  contactSearch: 'contact_search',
  contactsList: 'contacts_list',
  creditApplications: 'credit_applications',
  divisions: 'divisions',
  emailMessages: 'email_messages',
  emailTemplates: 'email_templates',
  expenses: 'expenses',
  filterPresets: 'filter_presets',
  leadImports: 'lead_imports',
  leadToAccount: 'lead_to_account',
  lessees: 'lessees',
  logisticsLoads: 'logistics_loads',
  meetings: 'meetings',
  notifications: 'notifications',
  opportunities: 'opportunities',
  opportunityDashboard: 'opportunity_dashboard',
  personalNotes: 'personal_notes',
  phoneCalls: 'phone_calls',
  phoneLog: 'phone_log',
  redFlags: 'red_flags',
  referrals: 'referrals',
  reportSalesFacts: 'report_sales_facts',
  sharedNotes: 'shared_notes',
  statusHistory: 'status_history',
  streamHistory: 'stream_history',
  systemConfig: 'system_config',
  taskReminders: 'task_reminders',
  tasks: 'tasks',
  users: 'users',
} as const

export type ReadModelName = (typeof readModelNames)[keyof typeof readModelNames]

/** The names as a list (the projector's runs are checked against it). */
export const allReadModelNames: readonly ReadModelName[] = Object.values(readModelNames)
