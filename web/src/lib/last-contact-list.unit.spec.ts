import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { lastContactList, rememberContactList } from './last-contact-list'

describe('the last contact list', () => {
  beforeEach(() => {
    const items = new Map<string, string>()
    globalThis.localStorage = {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => void items.set(key, value),
    } as Storage
  })
  afterEach(() => {
    delete (globalThis as { localStorage?: Storage }).localStorage
  })

  it('is All Contacts before any list was opened', () => {
    expect(lastContactList()).toEqual({ href: '/contacts', title: 'All Contacts' })
  })

  it('remembers a list with its filters and names it', () => {
    rememberContactList('/my-lead', '?page=3&sort=name')
    expect(lastContactList()).toEqual({ href: '/my-lead?page=3&sort=name', title: 'My Leads' })
  })

  it('does not remember a path whose last segment is numeric', () => {
    rememberContactList('/accounts', '')
    rememberContactList('/contacts/12', '')
    expect(lastContactList().href).toBe('/accounts')
  })

  it('never follows a stored address of another origin', () => {
    localStorage.setItem('crm.lastContactList', '//evil.example/accounts')
    expect(lastContactList().href).toBe('/contacts')
  })
})
