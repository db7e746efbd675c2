import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // A 4xx will not get better by asking again; only transient failures are retried.
        retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
        refetchOnWindowFocus: false,
      },
    },
  });
}

/**
 * Answers more than one feature must refresh: a computed saving changes the Savings page and the reports (Create
 * Savings invalidates both), so their keys live here rather than in either feature.
 */
export const SAVINGS_PAGE_KEY = ['savings-page'] as const;
export const REPORT_KEY = ['report'] as const;
