/** What the contact's decisions need to know about its past; grows with the rules that need history. */
export interface ContactState {
  created: boolean
  contactId: string | null
}

export const initialContactState: ContactState = { created: false, contactId: null }
