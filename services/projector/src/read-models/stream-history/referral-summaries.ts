import {
  divisionMention,
  grades,
  referralStatusNames,
  type ContactReferred,
  type ReferralAttentionToChanged,
  type ReferralChanged,
  type ReferralMarkedRead,
  type ReferralSent,
  type ReferralTaskCompleted,
} from '@crm/contracts'

const usd = (amount: number) =>
  `$${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`
const gradeName = (id: number) => grades[id as keyof typeof grades] ?? 'Cold'
const fieldNames: Record<string, string> = {
  subject: 'subject',
  effortLevel: 'effort level',
  grade: 'grade',
  dueDate: 'due date',
  delayDate: 'delay date',
  note: 'notes',
}

/** History lines of referrals (issue 13): on the contact's stream, and on the referral's own (its timeline). */
export const referralSummarizers = {
  ContactReferred: (d: ContactReferred['data']) =>
    `Referred from ${divisionMention(d.divisionFrom)} to ${divisionMention(d.divisionId)}`,
  ReferralSent: (d: ReferralSent['data']) =>
    `Referral sent to ${divisionMention(d.divisionId)}: ${d.subject} (${gradeName(d.grade)})`,
  ReferralChanged: (d: ReferralChanged['data']) => {
    const grade = d.changes.grade === undefined ? '' : ` (grade ${gradeName(d.changes.grade)})`
    return `Referral edited: ${Object.keys(d.changes)
      .map((k) => fieldNames[k] ?? k)
      .join(', ')}${grade}`
  },
  ReferralAttentionToChanged: (d: ReferralAttentionToChanged['data']) =>
    `Referral given to another user in ${divisionMention(d.divisionId)}`,
  ReferralTaskCompleted: (d: ReferralTaskCompleted['data']) =>
    `Referral task completed: status ${d.status} ${referralStatusNames[d.status] ?? ''}`.trim(),
  ReferralMarkedRead: (d: ReferralMarkedRead['data']) =>
    `Referral marked as read: ${d.paymentStatus} ${usd(d.paymentAmount)} to ${d.payee}`,
}
