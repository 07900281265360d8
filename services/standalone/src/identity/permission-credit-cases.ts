import { testEnv } from '../testing/test-env'
import type { Case, CaseTools, Request } from './permission-cases'

/** Credit applications (docs/decisions/021, 031): working them, and seeing their sealed values. */
export function creditCases({ admin, send }: Pick<CaseTools, 'admin' | 'send'>): Case[] {
  /** A website application (divisions 1 and 4) with an SSN, filed through the intake endpoint. */
  async function application(): Promise<string> {
    const filed = await send(admin(), {
      method: 'POST',
      url: '/website-credit-applications',
      headers: { 'x-api-key': testEnv.WEBSITE_INTAKE_KEY },
      payload: { businessName: `Matrix Credit ${Math.random()}`, applicantSsn: '321-54-9876' },
    })
    if (filed.statusCode !== 201) throw new Error(`intake: ${filed.statusCode} ${filed.body}`)
    return filed.json().id as string
  }
  const reveal = async (): Promise<Request> => ({
    method: 'POST',
    url: `/website-credit-applications/${await application()}/reveal`,
    payload: { field: 'applicantSsn' },
  })
  return [
    {
      permission: 'credit-analyst',
      name: "work an application of the division's source",
      // Both users work in division 4 (website). Executives see every application; without either, the
      // application is answered as a missing one.
      divisionId: 4,
      alsoGrantedBy: ['executive'],
      refusedWith: 404,
      request: async () => ({
        method: 'PATCH',
        url: `/website-credit-applications/${await application()}`,
        payload: { eqMake: 'Peterbilt' },
      }),
    },
    {
      permission: 'reveal-credit-data',
      name: "see an applicant's SSN unmasked",
      divisionId: 4,
      requires: ['credit-analyst'],
      request: reveal,
    },
  ]
}
