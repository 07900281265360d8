import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type {
  CreateUser,
  Division,
  Paged,
  ReadModelRebuild,
  SystemConfig,
  UpdateSystemConfig,
  UpdateUser,
} from '@crm/contracts'
import { api } from '../../lib/api'

export const divisionsQueryOptions = () =>
  queryOptions({
    queryKey: ['divisions', 'list'],
    queryFn: ({ signal }) => api.get<Division[]>('/divisions', { signal }),
  })

export const systemConfigQueryOptions = (divisionId: number) =>
  queryOptions({
    queryKey: ['system-config', divisionId],
    queryFn: ({ signal }) => api.get<SystemConfig>(`/system-config/${divisionId}`, { signal }),
  })

export type OutboxMail = { id: string; from: string; to: string; subject: string; text: string; createdAt: string }
export const outboxQueryOptions = (first: number) =>
  queryOptions({
    queryKey: ['mail-outbox', first],
    queryFn: ({ signal }) => api.get<Paged<OutboxMail>>(`/mail-outbox?limit=20&first=${first}`, { signal }),
    placeholderData: keepPreviousData,
  })

type Result = { position: string }
const form = { quiet: [400] }

export const adminCommands = {
  createUser: (body: CreateUser) => api.post<Result & { userId: string }>('/users', body, form),
  updateUser: (userId: string, body: UpdateUser) => api.patch<Result>(`/users/${userId}`, body, form),
  createDivision: (name: string) => api.post<Result & { id: number; message: string }>('/divisions', { name }, form),
  renameDivision: (id: number, name: string) =>
    api.patch<Result & { message: string }>(`/divisions/${id}`, { name }, form),
  deleteDivision: (id: number) => api.delete<Result & { message: string }>(`/divisions/${id}`),
  saveSystemConfig: (divisionId: number, body: UpdateSystemConfig) =>
    api.patch<Result>(`/system-config/${divisionId}`, body, form),
}

/** GET /health as an administrator reads it: each read model's state and lag, and its last rebuild. */
export type ReadModelHealth = {
  status: 'ok' | 'degraded' | 'down'
  headPosition?: string
  projections?: {
    name: string
    version: number
    state: string
    position: string
    eventsApplied: number
    updatedAt: string
    lagEvents?: number
    caughtUp?: boolean
  }[]
  rebuilds?: ReadModelRebuild[]
}
export const readModelsQueryOptions = () =>
  queryOptions({
    queryKey: ['read-models'],
    queryFn: ({ signal }) => api.get<ReadModelHealth>('/health', { signal }),
    // Backfills and rebuilds move while the screen is open.
    refetchInterval: 2000,
  })

export const rebuildReadModel = (name: string) =>
  api.post<Result & { name: string }>(`/read-models/${encodeURIComponent(name)}/rebuild`, {})
