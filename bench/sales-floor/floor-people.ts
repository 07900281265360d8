import { sql, type Kysely } from 'kysely'

/** A simulated person: one of the users generate-contact-search.ts writes, with the role they play here. */
export interface FloorPerson {
  n: number
  userId: string
  divisionId: number
  role: 'rep' | 'manager' | 'analyst'
  permissions: string[]
  /** The manager of the rep's division (a rep's referrals go to another division's manager). */
  managerId?: string
}

export const benchUserId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`
/** generate-contact-search.ts's division of user n. */
const divisionOf = (n: number) => [15, 15, 15, 2, 3, 4, 5, 6, 7, 8, 9, 10][n % 12]!

const permissionsOf: Record<FloorPerson['role'], string[]> = {
  rep: ['call'],
  manager: ['call', 'manager', 'change-contact-status', 'upload-new-leads', 'none-next-step'],
  // Exports are executive work (docs/product.md section 6), events for analysts need `analyst`.
  analyst: ['call', 'manager', 'executive', 'analyst', 'view-all-division-accounts'],
}

/**
 * The floor: user 0 the analyst; users 1..11 one manager for each division (three for division 15, the biggest,
 * as generate-contact-search.ts weights it); every other user up to `people` a rep of their division, on the
 * team of its first manager. Below 40 people fewer managers, so a smoke run keeps mostly reps.
 */
export function floorPeople(people: number): FloorPerson[] {
  const managers = Math.max(1, Math.min(11, Math.round(people / 18)))
  const all: FloorPerson[] = []
  for (let n = 0; n < people; n++) {
    const role = n === 0 ? 'analyst' : n <= managers ? 'manager' : 'rep'
    all.push({ n, userId: benchUserId(n), divisionId: divisionOf(n), role, permissions: permissionsOf[role] })
  }
  const managerOf = new Map<number, string>()
  for (const p of all) if (p.role === 'manager' && !managerOf.has(p.divisionId)) managerOf.set(p.divisionId, p.userId)
  // A division without a manager on a small floor: its reps report to the first manager.
  const fallback = all.find((p) => p.role === 'manager')!.userId
  for (const p of all) if (p.role === 'rep') p.managerId = managerOf.get(p.divisionId) ?? fallback
  return all
}

/** Divisions with a manager on this floor: where a rep can refer a contact (the manager is its attention-to). */
export function referralTargets(people: FloorPerson[]): Map<number, string> {
  const targets = new Map<number, string>()
  for (const p of people) if (p.role === 'manager' && !targets.has(p.divisionId)) targets.set(p.divisionId, p.userId)
  return targets
}

/** The roles in the users read model: managers' permissions, each rep on their manager's team. */
export async function writeFloorRoles(db: Kysely<unknown>, people: FloorPerson[]): Promise<void> {
  for (const p of people) {
    await sql`update users set permissions = ${p.permissions}::text[], manager_id = ${p.managerId ?? null}::uuid
      where user_id = ${p.userId}::uuid`.execute(db)
  }
}
