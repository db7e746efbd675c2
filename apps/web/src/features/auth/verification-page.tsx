import { PENDING_VERIFICATION } from '@greenpod/contracts';
import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

export function VerificationPage() {
  return (
    <Stack>
      <Title order={2}>Pending verification</Title>
      <Text>{PENDING_VERIFICATION}</Text>
      <Anchor component={Link} to="/user/login">
        Back to sign in
      </Anchor>
    </Stack>
  );
}
