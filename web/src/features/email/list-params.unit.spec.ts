import { describe, expect, it } from 'vitest'
import { defaultListQuery } from '../../components/data-table/list-query-codec'
import { historyParams } from './list-params'

const USER = '11111111-1111-4111-8111-111111111111'

describe('the email history’s address as the API’s filters', () => {
  it('passes the type, sender, contact, template and days along with the page', () => {
    const query = {
      ...defaultListQuery(),
      filter: { type: 'marketing', senderId: USER, templateId: USER, dateFrom: '2026-11-01', dateTo: '2026-11-30' },
    }
    expect(historyParams(query)).toMatchObject({
      type: 'marketing',
      senderId: USER,
      templateId: USER,
      dateFrom: '2026-11-01',
      dateTo: '2026-11-30',
      contactId: undefined,
    })
  })

  it('leaves out what the API would refuse: an unknown type, an edited id or day', () => {
    const query = { ...defaultListQuery(), filter: { type: 'spam', senderId: 'me', dateFrom: '11/01/2026' } }
    expect(historyParams(query)).toMatchObject({ type: undefined, senderId: undefined, dateFrom: undefined })
  })
})
