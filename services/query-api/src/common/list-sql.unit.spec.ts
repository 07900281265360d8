import { describe, expect, it } from 'vitest'
import { exactAtListEnd, type PageTotal } from './list-sql'

const estimated: PageTotal = { total: 14_000, totalIsCapped: true, totalIsEstimate: true }
const exact: PageTotal = { total: 30, totalIsCapped: false, totalIsEstimate: false }

describe('exactAtListEnd', () => {
  it('keeps an estimate under a full page: the list may go on', () => {
    expect(exactAtListEnd(estimated, { first: 0, limit: 10 }, 10)).toEqual(estimated)
  })

  it('makes an estimate exact on a shorter page: the list ends there', () => {
    expect(exactAtListEnd(estimated, { first: 10, limit: 10 }, 2)).toEqual({
      total: 12,
      totalIsCapped: false,
      totalIsEstimate: false,
    })
    expect(exactAtListEnd(estimated, { first: 0, limit: 10 }, 0)).toEqual({
      total: 0,
      totalIsCapped: false,
      totalIsEstimate: false,
    })
  })

  it('only lowers the estimate to the page start for an empty page past the end', () => {
    expect(exactAtListEnd(estimated, { first: 50, limit: 10 }, 0)).toEqual({ ...estimated, total: 50 })
  })

  it('leaves an exact total alone', () => {
    expect(exactAtListEnd(exact, { first: 20, limit: 25 }, 10)).toEqual(exact)
  })
})
