import type { NotificationList } from '@crm/contracts'
import { sql, type Kysely } from 'kysely'
import { isoOrNull } from '../read-models'
import type { Viewer } from '../viewer'
import { visibleContactSql } from '../visibility/visibility-sql'

type Timestamp = Date | string

interface Row {
  notification_id: string
  kind: string
  title: string
  message: string | null
  contact_id: string | null
  contact_name: string | null
  task_id: string | null
  due_date: Timestamp | null
  remind_at: Timestamp | null
  raised_by: string | null
  raised_by_name: string | null
  raised_at: Timestamp
  read_at: Timestamp | null
}

/**
 * The viewer's notifications, newest first, with their unread count. Notifications are their recipient's own, so
 * no visibility rule picks them (docs/decisions/010). The contact is named only when the viewer may see it now
 * (the contact rule, visibleContactSql): a message could name any contact, and a reminder's contact may have moved
 * out of the viewer's reach since.
 */
export async function listNotifications(
  db: Kysely<unknown>,
  viewer: Viewer,
  { limit, unreadOnly }: { limit: number; unreadOnly: boolean },
): Promise<NotificationList> {
  const { rows } = await sql<Row>`
    select n.notification_id, n.kind, n.title, n.message, n.task_id, n.due_date, n.remind_at, n.raised_by,
           n.raised_at, n.read_at, u.name as raised_by_name,
           case when seen.id is not null then c.id end as contact_id,
           case when seen.id is not null then c.name end as contact_name
    from notifications n
    left join contacts_list c on c.id = n.contact_id and not c.deleted
    left join lateral (
      select c.id where ${visibleContactSql(viewer, sql`c.id`)}
    ) seen on c.id is not null
    left join users u on u.user_id = n.raised_by
    where n.user_id = ${viewer.userId}::uuid ${unreadOnly ? sql`and n.read_at is null` : sql``}
    order by n.raised_at desc, n.notification_id desc
    limit ${limit}`.execute(db)
  const { rows: counts } = await sql<{ unread: number }>`
    select count(*)::int as unread from notifications
    where user_id = ${viewer.userId}::uuid and read_at is null`.execute(db)
  return {
    rows: rows.map((r) => ({
      id: r.notification_id,
      kind: r.kind,
      title: r.title,
      message: r.message,
      contactId: r.contact_id,
      contactName: r.contact_name,
      taskId: r.task_id,
      dueDate: isoOrNull(r.due_date),
      remindAt: isoOrNull(r.remind_at),
      raisedBy: r.raised_by,
      raisedByName: r.raised_by_name,
      raisedAt: isoOrNull(r.raised_at)!,
      readAt: isoOrNull(r.read_at),
    })),
    unread: counts[0]?.unread ?? 0,
  }
}
