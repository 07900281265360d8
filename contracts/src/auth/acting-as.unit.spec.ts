import { describe, expect, it } from 'vitest'
import { actingAsMessages, mayActAs } from './acting-as'
import { permissionKeys, rolePresets } from './permissions'

const actor = { divisionId: 15, permissions: ['call', 'login-as', 'manager'] }

describe('acting as another user', () => {
  it('lets a holder of login-as act as a user of their division whose permissions are among their own', () => {
    expect(mayActAs(actor, { divisionId: 15, permissions: ['call'] })).toEqual({ allowed: true })
    expect(mayActAs(actor, { divisionId: 15, permissions: ['call', 'manager'] })).toEqual({ allowed: true })
    expect(mayActAs(actor, { divisionId: 15, permissions: [] })).toEqual({ allowed: true })
    expect(mayActAs(actor, { divisionId: 15, permissions: [...actor.permissions] })).toEqual({ allowed: true })
  })

  it('never grants what the person acting does not hold: each permission they lack refuses, named', () => {
    for (const key of permissionKeys.filter((p) => !actor.permissions.includes(p))) {
      const verdict = mayActAs(actor, { divisionId: 15, permissions: ['call', key] })
      expect(verdict, key).toEqual({ allowed: false, reason: actingAsMessages.morePermissions([key]) })
    }
    // The credit analyst reads a full SSN; the rep with login-as does not, and so may not become one.
    expect(mayActAs(actor, { divisionId: 15, permissions: rolePresets['credit-analyst'] })).toEqual({
      allowed: false,
      reason: 'You cannot log in as this user: they hold permissions you do not (reveal-credit-data, credit-analyst)',
    })
    expect(mayActAs(actor, { divisionId: 15, permissions: rolePresets.admin })).toMatchObject({ allowed: false })
  })

  it('keeps to the divisions the person acting works in; executives work in every one', () => {
    expect(mayActAs(actor, { divisionId: 3, permissions: ['call'] })).toEqual({
      allowed: false,
      reason: actingAsMessages.otherDivision,
    })
    const executive = { divisionId: 1, permissions: [...rolePresets.executive, 'login-as'] }
    expect(mayActAs(executive, { divisionId: 3, permissions: ['call', 'manager'] })).toEqual({ allowed: true })
    expect(mayActAs(executive, { divisionId: 3, permissions: ['call', 'analyst'] })).toMatchObject({ allowed: false })
  })

  it('needs login-as, except for administrators, who may act as anyone', () => {
    expect(mayActAs({ divisionId: 15, permissions: ['call', 'manager'] }, { divisionId: 15, permissions: [] })).toEqual(
      { allowed: false, reason: actingAsMessages.noPermission },
    )
    const admin = { divisionId: 15, permissions: ['admin'] }
    expect(mayActAs(admin, { divisionId: 2, permissions: rolePresets.admin })).toEqual({ allowed: true })
    expect(mayActAs(admin, { divisionId: 2, permissions: ['reveal-credit-data'] })).toEqual({ allowed: true })
  })

  it('counts a permission it does not know as one the person acting lacks', () => {
    expect(mayActAs(actor, { divisionId: 15, permissions: ['call', 'future-key'] })).toEqual({
      allowed: false,
      reason: actingAsMessages.morePermissions(['future-key']),
    })
  })
})
