import type { PermissionKey } from '@crm/contracts'

/**
 * The demo's people: a trucking-finance company's floor across the divisions of docs/product.md (1 Executive,
 * 15 Sales, 2 Commercial Finance, 3 Logistics, 4 Truck Sales). Every one logs in with DEMO_PASSWORD; the
 * administrator is ADMIN_EMAIL / ADMIN_PASSWORD. Emails are at example.com (reserved for fiction).
 */
export type DemoRole = 'rep' | 'manager' | 'executive' | 'credit-analyst' | 'analyst'
export interface DemoUser {
  key: string
  email: string
  name: string
  divisionId: number
  role: DemoRole
  /** The key of the user they report to. */
  manager: string | null
  /** Day Rating's targets (activities a day, a week, a month, a year). */
  expectations: { day: number; week: number; month: number; year: number } | null
}

const rep = { day: 25, week: 125, month: 500, year: 6250 }
const managerTargets = { day: 12, week: 60, month: 240, year: 3000 }

export const demoUsers: DemoUser[] = [
  { key: 'exec', email: 'exec@example.com', name: 'Evelyn Stone', divisionId: 1, role: 'executive', manager: null, expectations: null },
  { key: 'analyst', email: 'analyst@example.com', name: 'Alex Analyst', divisionId: 1, role: 'analyst', manager: 'exec', expectations: null },
  { key: 'manager', email: 'manager@example.com', name: 'Dana Manager', divisionId: 15, role: 'manager', manager: 'exec', expectations: managerTargets },
  { key: 'rep1', email: 'rep1@example.com', name: 'Riley Rep', divisionId: 15, role: 'rep', manager: 'manager', expectations: rep },
  { key: 'rep2', email: 'rep2@example.com', name: 'Sam Seller', divisionId: 15, role: 'rep', manager: 'manager', expectations: rep },
  { key: 'rep3', email: 'rep3@example.com', name: 'Jordan Caller', divisionId: 15, role: 'rep', manager: 'manager', expectations: rep },
  { key: 'cfManager', email: 'finance.manager@example.com', name: 'Carmen Reyes', divisionId: 2, role: 'manager', manager: 'exec', expectations: managerTargets },
  { key: 'cfRep', email: 'finance.rep@example.com', name: 'Theo Lender', divisionId: 2, role: 'rep', manager: 'cfManager', expectations: rep },
  { key: 'credit', email: 'credit@example.com', name: 'Priya Credit', divisionId: 2, role: 'credit-analyst', manager: 'cfManager', expectations: null },
  { key: 'logManager', email: 'logistics.manager@example.com', name: 'Omar Haddad', divisionId: 3, role: 'manager', manager: 'exec', expectations: managerTargets },
  { key: 'logRep', email: 'logistics.rep@example.com', name: 'Nina Dispatch', divisionId: 3, role: 'rep', manager: 'logManager', expectations: rep },
  { key: 'trucks', email: 'trucks@example.com', name: 'Tessa Wheeler', divisionId: 4, role: 'manager', manager: 'exec', expectations: managerTargets },
] // prettier-ignore

export const DEMO_PASSWORD = 'demo12345'

const analyst: PermissionKey[] = ['analyst']
/** The permissions of a demo role: the product's presets, and analysts read the event export. */
export const demoPermissions = (role: DemoRole, presets: Record<string, PermissionKey[]>): PermissionKey[] =>
  role === 'analyst' ? analyst : presets[role]!
