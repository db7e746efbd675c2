import { Center, Container, Paper, Stack, Title } from '@mantine/core';
import { Outlet } from 'react-router';
import { Footer } from './footer';

/** Sign-in, registration and reset pages: a centred card, no sidebar. */
export function AuthLayout() {
  return (
    <Center mih="100vh" bg="gray.0">
      <Container size={440} w="100%">
        <Stack>
          <Title order={1} ta="center" c="green.8">
            Greenpod
          </Title>
          <Paper withBorder shadow="sm" p="xl" radius="md">
            <Outlet />
          </Paper>
          <Footer />
        </Stack>
      </Container>
    </Center>
  );
}
