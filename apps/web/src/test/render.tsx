import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { defaultResolver, theme } from '../app/theme/mantine-theme';

function Providers({ client, children }: { client: QueryClient; children: ReactNode }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={defaultResolver} env="test">
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}

const testQueryClient = () =>
  new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });

/** Renders a widget inside Mantine (test env: no transitions, no portals) and TanStack Query. */
export function renderWithProviders(ui: ReactElement) {
  const client = testQueryClient();
  return { client, ...render(<Providers client={client}>{ui}</Providers>) };
}

/** Renders routes in a memory router starting at `path`, to assert on navigation. */
export function renderRoutes(routes: RouteObject[], path: string) {
  const client = testQueryClient();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const result = render(
    <Providers client={client}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { client, router, ...result };
}

export interface FakeResponse {
  status?: number;
  body: unknown;
}
export type FetchHandler = (url: URL, init: RequestInit) => FakeResponse | Promise<FakeResponse>;

/** Stubs the network boundary (global fetch) for a web unit test. */
export function mockFetch(handler: FetchHandler) {
  const fn = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const { status = 200, body } = await handler(url, init);
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fn);
  return fn;
}

/** The dataTableParams object a list call sent. */
export function listParams(url: URL): Record<string, unknown> {
  return JSON.parse(url.searchParams.get('dataTableParams') ?? '{}') as Record<string, unknown>;
}
