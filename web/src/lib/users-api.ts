import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type { Paged, User } from '@crm/contracts'
import { api } from './api'

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
