import { Center, Loader } from '@mantine/core';
import { Navigate, Outlet } from 'react-router';
import { getActiveUser } from '../../lib/session';
import { useSession } from '../../lib/use-session';

/**
 * docs/screens.md#admin: no stored active user -> sign-in. The server enforces access on every call; this only
 * keeps non-administrators (accessLevel < 50) out of screens they could not use.
 */
export function AdminGuard() {
  const { session, isAdmin, isLoading } = useSession();
  if (!getActiveUser()) return <Navigate to="/user/login" replace />;
  if (isLoading) {
    return (
      <Center py="xl" role="status" aria-label="Loading">
        <Loader />
      </Center>
    );
  }
  if (!session || !isAdmin) return <Navigate to="/" replace />;
  return <Outlet />;
}
