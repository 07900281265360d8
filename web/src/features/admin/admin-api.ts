import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type { CreateUser, Division, Paged, SystemConfig, UpdateSystemConfig, UpdateUser, User } from '@crm/contracts'
import { api } from '../../lib/api'

type UsersParams = { search?: string; limit: number; first: number; includeInactive?: boolean; managerId?: string }

function usersPath({ search, limit, first, includeInactive, managerId }: UsersParams): string {
  const q = new URLSearchParams({ limit: String(limit), first: String(first) })
  if (search?.trim()) q.set('search', search.trim())
  if (includeInactive) q.set('includeInactive', 'true')
  if (managerId) q.set('managerId', managerId)
  return `/users?${q}`
}

export const usersQueryOptions = (params: UsersParams) =>
  queryOptions({
    queryKey: ['users', 'list', params],
    queryFn: ({ signal }) => api.get<Paged<User>>(usersPath(params), { signal }),
    placeholderData: keepPreviousData,
  })

export const meQueryOptions = () =>
  queryOptions({ queryKey: ['users', 'me'], queryFn: ({ signal }) => api.get<User>('/users/me', { signal }) })

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
