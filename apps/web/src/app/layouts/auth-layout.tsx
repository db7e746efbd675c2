import { Center, Container, Loader, Paper, Stack } from '@mantine/core';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { ThemeLoader } from '../theme/theme-loader';
import { Brand } from './brand';
import { Footer } from './footer';

/** Sign-in, registration and reset pages: a centred card, no sidebar, in the theme the link asked for. */
export function AuthLayout() {
  return (
    <Center mih="100vh" bg="var(--gp-color-page)" px="xs" component="main">
      <ThemeLoader />
      <Container size={440} w="100%" px={0}>
        <Stack>
          <Center>
            <Brand size="xl" />
          </Center>
          <Paper withBorder shadow="sm" p={{ base: 'md', xs: 'xl' }} radius="md">
            <Suspense
              fallback={
                <Center py="xl" role="status" aria-label="Loading">
                  <Loader size="sm" />
                </Center>
              }
            >
              <Outlet />
            </Suspense>
          </Paper>
          <Footer />
        </Stack>
      </Container>
    </Center>
  );
}
