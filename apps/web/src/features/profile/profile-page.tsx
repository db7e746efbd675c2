import { Badge, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { LOGIN_PATH } from '../../lib/api-client';
import { useSession } from '../../lib/use-session';
import { ChangePasswordForm } from './change-password-form';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2} style={{ minWidth: 0 }}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Stack>
  );
}

/** /profile: the signed-in user's own record, and their password. */
export function ProfilePage() {
  const { token, session, isLoading } = useSession();
  if (!token) return <Navigate to={`${LOGIN_PATH}?next=%2Fprofile`} replace />;
  return (
    <Stack gap="md" maw={760}>
      <Title order={1} size="h2">
        Profile
      </Title>
      <Paper withBorder p="md" radius="md">
        {isLoading || !session ? (
          <Stack gap="sm" role="status" aria-label="Loading profile">
            <Skeleton h={20} w="40%" />
            <Skeleton h={20} w="60%" />
            <Skeleton h={20} w="30%" />
          </Stack>
        ) : (
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <Field label="Name">
                {session.user.firstName} {session.user.lastName}
              </Field>
              <Field label="Email">{session.user.email}</Field>
              <Field label="Role">{session.role.title}</Field>
              <Stack gap={2}>
                <Text size="sm" c="dimmed">
                  Account
                </Text>
                <Group gap="xs">
                  <Badge variant="light" color={session.user.verified ? 'green' : 'yellow'}>
                    {session.user.verified ? 'Verified' : 'Not verified'}
                  </Badge>
                  <Badge variant="light" color={session.user.active ? 'green' : 'red'}>
                    {session.user.active ? 'Active' : 'Inactive'}
                  </Badge>
                </Group>
              </Stack>
            </SimpleGrid>
          </Stack>
        )}
      </Paper>
      {session && (
        <Paper withBorder p="md" radius="md">
          <ChangePasswordForm user={session.user} />
        </Paper>
      )}
    </Stack>
  );
}
