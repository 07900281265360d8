import type { ImportReport } from '@crm/contracts'
import { databaseTargets } from '@crm/platform/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createListHarness, type ListHarness } from './list-harness'
import { uploadCsv, waitForJob } from './upload'

const header =
  'dot_number,legal_name,dba_name,carrier_operation,hm_flag,pc_flag,phy_street,phy_city,phy_state,phy_zip,phy_country,mailing_street,mailing_city,mailing_state,mailing_zip,mailing_country,telephone,fax,email_address,mcs150_date,mcs150_mileage,mcs150_mileage_year,add_date,oic_state,nbr_power_unit,driver_total,recent_mileage,recent_mileage_year,vmt_source_id,private_only,authorized_for_hire,exempt_for_hire,private_property,private_passenger_business,private_passenger_nonbusiness,migrant,us_mail,federal_government,state_government,local_government,indian_tribe,op_other'
/** A made-up carrier in the census layout; `drivers` varies between the two imports. */
const censusRow = (drivers: number) =>
  `9912345,TESTLINE CARRIERS LLC,,A,False,False,1 TEST WAY,RENO,NV,89501,US,PO BOX 9,SPARKS,NV,89431,US,(555) 010-2000,,,12-JUN-25,,,19-MAR-25,NV,4.0,${drivers}.0,0,0,,False,True,False,False,False,False,False,False,False,False,False,False,N`

const users = [
  {
    key: 'manager',
    name: 'Mona Manager',
    divisionId: 15,
    permissions: ['manager' as const, 'upload-new-leads' as const],
  },
  { key: 'outsider', name: 'Otto Rep', divisionId: 2, permissions: ['call' as const] },
]

describe.each(databaseTargets())(
  'census facts of an imported carrier (GET /contacts/legal-data) on $name',
  (target) => {
    let h: ListHarness
    beforeAll(async () => {
      h = await createListHarness(target, users)
    })
    afterAll(() => h?.close())

    const importCensus = async (drivers: number) => {
      const upload = await uploadCsv(h, 'manager', 'census.csv', `${header}\n${censusRow(drivers)}\n`)
      expect(upload.statusCode, upload.body).toBe(202)
      const job = await waitForJob(h, 'manager', upload.json().jobId)
      expect(job.state, job.error).toBe('completed')
      await h.settle((job.result as ImportReport).position)
    }

    it('shows the facts of the last import with what they replaced, and a SAFER link by DOT; 404 for an outsider', async () => {
      await importCensus(3)
      const hits = (await h.request('manager', 'GET', '/api/v1/contacts/quick-search?q=9912345')).json()
      const contactId = hits[0].id as string
      const first = (await h.request('manager', 'GET', `/api/v1/contacts/legal-data?contactId=${contactId}`)).json()
      expect(first).toMatchObject({
        contactId,
        dotNumber: '9912345',
        importedAt: expect.any(String),
        facts: { numberOfDrivers: 3, mailingAddress: { city: 'SPARKS', state: 'NV' } },
        previousFacts: null,
      })
      expect(first.saferUrl).toContain('query_string=9912345')

      await importCensus(5)
      const second = (await h.request('manager', 'GET', `/api/v1/contacts/legal-data?contactId=${contactId}`)).json()
      expect(second.facts.numberOfDrivers).toBe(5)
      expect(second.previousFacts.numberOfDrivers).toBe(3)
      const history = (await h.request('manager', 'GET', `/api/v1/contacts/history/${contactId}`)).json()
      expect(history[0].summary).toBe('Imported from a lead file (row 2): drivers 3 → 5')
      // The same file again changes nothing and appends nothing.
      await importCensus(5)
      expect((await h.request('manager', 'GET', `/api/v1/contacts/history/${contactId}`)).json()).toHaveLength(
        history.length,
      )

      const outsider = await h.request('outsider', 'GET', `/api/v1/contacts/legal-data?contactId=${contactId}`)
      expect(outsider.statusCode).toBe(404)
    })
  },
)
