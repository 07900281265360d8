import type { UpdateProfile, UserOptions } from '@crm/contracts'
import { api } from '../../lib/api'

export const saveProfile = (body: UpdateProfile) => api.patch<{ position: string }>('/users/me', body, { quiet: [400] })
/** Failures are reported by the page with docs/product.md's message, not the API client's. */
export const saveOptions = (options: UserOptions) =>
  api.patch<{ position: string }>('/users/me/options', { options }, { quiet: true })
