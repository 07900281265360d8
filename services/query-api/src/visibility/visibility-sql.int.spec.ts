import {
  canSeeContact,
  canSeeCreditApplication,
  canSeeReferral,
  canSeeTemplate,
  seesWholeDivision,
  worksAcrossDivisions,
  type Caller,
} from '@crm/contracts'
import { databaseTargets, type DatabaseTarget } from '@crm/platform/testing'
import { sql, type Kysely, type RawBuilder } from 'kysely'
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Viewer } from '../viewer'
import {
  contactOwnerSql,
  creditApplicationSql,
  divisionSql,
  referralSql,
  templateSql,
  visibleContactSql,
} from './visibility-sql'

/**
 * Each SQL form answers as its pure predicate in contracts/src/auth/visibility.ts (or the template rule) does, for
 * every caller below and every row of a small grid of records: the lists filter with the one, the single records
 * with the other, so a rule changed in one place only shows here.
 */
const me = randomUUID()
const other = randomUUID()
const callers: Record<string, Caller> = {
  rep: { userId: me, divisionId: 15, permissions: ['call'] },
  manager: { userId: me, divisionId: 15, permissions: ['call', 'manager'] },
  executive: { userId: me, divisionId: 1, permissions: ['executive'] },
  administrator: { userId: me, divisionId: 15, permissions: ['admin'] },
  'credit analyst': { userId: me, divisionId: 2, permissions: ['credit-analyst'] },
  'rep elsewhere': { userId: me, divisionId: 3, permissions: ['call'] },
}

/** The viewer as viewerOf builds it from the caller. */
const viewerOf = (caller: Caller): Viewer => ({
  ...caller,
  seesWholeDivision: seesWholeDivision(caller),
  seesAllDivisions: worksAcrossDivisions(caller),
})

const divisions = [1, 2, 3, 15]
const owners = [me, other, null]

describe.each(databaseTargets())('the SQL forms of the visibility policy on $name', (target: DatabaseTarget) => {
  let database: Awaited<ReturnType<DatabaseTarget['create']>>
  let db: Kysely<unknown>
  beforeAll(async () => {
    database = await target.create()
    db = database.db
  })
  afterAll(() => database?.close())

  /** The ids of the rows of `table` (alias `x`) the condition keeps. */
  const kept = async (table: string, where: RawBuilder<unknown>) => {
    const { rows } = await sql<{
      id: string
    }>`select x.id::text as id from ${sql.table(table)} x where ${where}`.execute(db)
    return new Set(rows.map((r) => r.id))
  }

  it('contacts: visibleContactSql and the owner half (contactOwnerSql) as canSeeContact', async () => {
    await sql`create table contact_divisions (contact_id uuid, division_id int, assigned uuid)`.execute(db)
    await sql`create table grid_contacts (id uuid primary key)`.execute(db)
    // One contact for each standing in one division and for two standings in two.
    const contacts: { id: string; standings: { divisionId: number; assigned: string | null }[] }[] = []
    for (const divisionId of divisions)
      for (const assigned of owners) contacts.push({ id: randomUUID(), standings: [{ divisionId, assigned }] })
    for (const assigned of owners)
      contacts.push({
        id: randomUUID(),
        standings: [
          { divisionId: 15, assigned },
          { divisionId: 3, assigned: me },
        ],
      })
    for (const c of contacts) {
      await sql`insert into grid_contacts values (${c.id}::uuid)`.execute(db)
      for (const s of c.standings) {
        await sql`insert into contact_divisions values (${c.id}::uuid, ${s.divisionId}, ${s.assigned}::uuid)`.execute(
          db,
        )
      }
    }
    for (const [who, caller] of Object.entries(callers)) {
      const viewer = viewerOf(caller)
      const expected = contacts.filter((c) => canSeeContact(caller, c.standings)).map((c) => c.id)
      expect(await kept('grid_contacts', visibleContactSql(viewer, sql`x.id`)), who).toEqual(new Set(expected))
      // The owner half on the rows of the caller's division, as the lists read contact_search's: canSeeContact of
      // that one standing, but for the executive's any division.
      const own = contactOwnerSql(viewer, sql`d.assigned`) ?? sql`true`
      const { rows } = await sql<{ id: string }>`select d.contact_id::text as id from contact_divisions d
        where d.division_id = ${caller.divisionId} and ${own}`.execute(db)
      const seenHere = contacts.filter((c) =>
        c.standings.some(
          (s) =>
            s.divisionId === caller.divisionId &&
            (seesWholeDivision(caller) || s.assigned === null || s.assigned === caller.userId),
        ),
      )
      expect(new Set(rows.map((r) => r.id)), who).toEqual(new Set(seenHere.map((c) => c.id)))
    }
  })

  it('referrals: referralSql as canSeeReferral, each direction part of it', async () => {
    await sql`create table grid_referrals (id uuid primary key, division_id int, division_from int,
      sent_by uuid, attention_to uuid)`.execute(db)
    const referrals: { id: string; divisionId: number; divisionFrom: number; sentBy: string; attentionTo: string }[] =
      []
    for (const divisionId of divisions)
      for (const divisionFrom of divisions)
        for (const sentBy of [me, other])
          for (const attentionTo of [me, other]) {
            if (divisionId === divisionFrom) continue
            referrals.push({ id: randomUUID(), divisionId, divisionFrom, sentBy, attentionTo })
          }
    for (const r of referrals) {
      await sql`insert into grid_referrals values (${r.id}::uuid, ${r.divisionId}, ${r.divisionFrom},
        ${r.sentBy}::uuid, ${r.attentionTo}::uuid)`.execute(db)
    }
    const columns = {
      divisionId: sql`x.division_id`,
      divisionFrom: sql`x.division_from`,
      sentBy: sql`x.sent_by`,
      attentionTo: sql`x.attention_to`,
    }
    for (const [who, caller] of Object.entries(callers)) {
      const viewer = viewerOf(caller)
      const all = await kept('grid_referrals', referralSql(viewer, 'all', columns))
      expect(all, who).toEqual(new Set(referrals.filter((r) => canSeeReferral(caller, r)).map((r) => r.id)))
      const sent = await kept('grid_referrals', referralSql(viewer, 'sent', columns))
      const received = await kept('grid_referrals', referralSql(viewer, 'received', columns))
      for (const id of [...sent, ...received]) expect(all.has(id), who).toBe(true)
      if (!viewer.seesAllDivisions) expect(new Set([...sent, ...received]), who).toEqual(all)
    }
  })

  it('credit applications: creditApplicationSql as canSeeCreditApplication', async () => {
    await sql`create table grid_applications (id uuid primary key, divisions jsonb)`.execute(db)
    const applications = [[2], [2, 15], [15], [3], []].map((handled) => ({ id: randomUUID(), handled }))
    for (const a of applications) {
      await sql`insert into grid_applications values (${a.id}::uuid, ${JSON.stringify(a.handled)}::jsonb)`.execute(db)
    }
    for (const [who, caller] of Object.entries(callers)) {
      const expected = applications.filter((a) => canSeeCreditApplication(caller, a.handled)).map((a) => a.id)
      expect(await kept('grid_applications', creditApplicationSql(viewerOf(caller), sql`x.divisions`)), who).toEqual(
        new Set(expected),
      )
    }
  })

  it('email templates: templateSql as canSeeTemplate; divisionSql the division one works in, any across them', async () => {
    await sql`create table grid_templates (id uuid primary key, scope text, owner_id uuid, division_id int)`.execute(db)
    const templates: { id: string; scope: 'personal' | 'division'; ownerId: string; divisionId: number | null }[] = []
    for (const scope of ['personal', 'division'] as const)
      for (const ownerId of [me, other])
        for (const divisionId of [...divisions, null]) templates.push({ id: randomUUID(), scope, ownerId, divisionId })
    for (const t of templates) {
      await sql`insert into grid_templates values (${t.id}::uuid, ${t.scope}, ${t.ownerId}::uuid, ${t.divisionId})`.execute(
        db,
      )
    }
    const columns = { scope: sql`x.scope`, owner: sql`x.owner_id`, division: sql`x.division_id` }
    for (const [who, caller] of Object.entries(callers)) {
      const viewer = viewerOf(caller)
      const expected = templates.filter((t) => canSeeTemplate(caller, t)).map((t) => t.id)
      expect(await kept('grid_templates', templateSql(viewer, columns)), who).toEqual(new Set(expected))
      const ofDivision = templates.filter((t) => worksAcrossDivisions(caller) || t.divisionId === caller.divisionId)
      expect(await kept('grid_templates', divisionSql(viewer, sql`x.division_id`)), who).toEqual(
        new Set(ofDivision.map((t) => t.id)),
      )
    }
  })
})
