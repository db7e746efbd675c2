import { type ActiveRole, type ActiveUser, ADMIN_ACCESS_LEVEL } from '@greenpod/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';
import { useToken } from './session';

export interface SessionInfo {
  user: ActiveUser;
  role: ActiveRole;
}

export const ME_QUERY_KEY = ['session', 'me'] as const;

/** Session restore (docs/screens.md#sign-in): with a stored token, load the user and role once. */
export function useSession() {
  const token = useToken();
  const query = useQuery({
    queryKey: ME_QUERY_KEY,
    queryFn: async ({ signal }) => (await apiRequest<{ data: SessionInfo }>('/user/me', { signal })).data,
    enabled: token !== null,
    staleTime: 5 * 60_000,
    retry: false,
  });
  const session = token ? query.data : undefined;
  return {
    token,
    session,
    isAdmin: (session?.role.accessLevel ?? 0) >= ADMIN_ACCESS_LEVEL,
    isLoading: token !== null && query.isPending,
  };
}
