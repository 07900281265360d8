import type { UserExpectations, UserOptions } from '@crm/contracts'

export interface UserState {
  registered: boolean
  userId: string | null
  email: string
  name: string
  divisionId: number
  managerId: string | null
  permissions: string[]
  active: boolean
  profile: {
    phoneNumber: string | null
    activePhone: string | null
    officeExt: string | null
    signature: string | null
    expectations: UserExpectations
  }
  options: UserOptions
  /** Reset links mailed and still usable: a use or any password change voids them all. */
  openResetTokens: Record<string, { expiresAt: string }>
}

export const initialUserState: UserState = {
  registered: false,
  userId: null,
  email: '',
  name: '',
  divisionId: 0,
  managerId: null,
  permissions: [],
  active: false,
  profile: { phoneNumber: null, activePhone: null, officeExt: null, signature: null, expectations: {} },
  options: {},
  openResetTokens: {},
}
