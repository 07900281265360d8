export interface UserState {
  registered: boolean
}

export const initialUserState: UserState = { registered: false }
