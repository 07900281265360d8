/** docs/product.md 3: the statuses of a credit application. */
export const creditApplicationStatuses = {
  1: 'New',
  2: 'In review',
  3: 'Accepted',
  4: 'Denied',
  5: 'Approved not funded',
  6: 'Closed',
  7: 'Funded',
} as const
export type CreditApplicationStatusId = keyof typeof creditApplicationStatuses
/** The statuses by name, for code that tests for one. */
export const CreditApplicationStatus = {
  New: 1,
  InReview: 2,
  Accepted: 3,
  Denied: 4,
  ApprovedNotFunded: 5,
  Closed: 6,
  Funded: 7,
} as const satisfies Record<string, CreditApplicationStatusId>
export const creditApplicationStatusIds = [1, 2, 3, 4, 5, 6, 7] as const satisfies readonly CreditApplicationStatusId[]

/**
 * Where an application may go next (docs/decisions/021). A decision to lend (Accepted, Approved not funded,
 * Funded) needs a complete application; Funded is final; Denied and Closed may be reopened into review.
 */
export const creditApplicationTransitions: Record<CreditApplicationStatusId, readonly CreditApplicationStatusId[]> = {
  1: [2, 4, 6],
  2: [3, 4, 5, 6],
  3: [5, 7, 4, 6],
  4: [2, 6],
  5: [7, 6],
  6: [2],
  7: [],
}

/** Statuses that say the lender will lend: they need a complete application. */
export const lendingStatuses: readonly CreditApplicationStatusId[] = [3, 5, 7]

/** docs/product.md 6: the three sources and the divisions that handle each. */
export const creditApplicationSources = ['website', 'cps', 'cef'] as const
export type CreditApplicationSource = (typeof creditApplicationSources)[number]
export const divisionsOfSource: Record<CreditApplicationSource, readonly number[]> = {
  website: [1, 4],
  cps: [2],
  cef: [3],
}
export const creditApplicationSourceLabels: Record<CreditApplicationSource, string> = {
  website: 'Website',
  cps: 'CPS',
  cef: 'CEF',
}
/** The path prefix of each source's routes (docs/product.md 7). */
export const creditApplicationPath = (source: CreditApplicationSource) => `${source}-credit-applications`
