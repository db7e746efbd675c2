import type {
  AggregateDeleteResult,
  AggregateGenerateResult,
  AggregateRow,
  Granularity,
  Paging,
} from '@greenpod/contracts';
import { MESSAGES } from '@greenpod/contracts';
import type { TableState } from '../../../components/data-table/types';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { listParams } from '../resource-api';

/** Every query of one granularity starts with this key, so Generate and Delete refresh them all. */
export const aggregateKey = (granularity: Granularity) => ['aggregate', granularity] as const;

const base = (granularity: Granularity) => `/${granularity}-data`;

/**
 * A fetch or generate answered without a success flag is a failure, not an empty list.
 * The shared client only refuses an explicit `success: false`, so these calls check for `true`.
 */
function requireSuccess<T extends { success?: unknown }>(payload: T): T {
  if (payload.success !== true) throw new ApiError(200, MESSAGES.genericError);
  return payload;
}

export const aggregateListQuery = (granularity: Granularity, state: TableState) => {
  const params = listParams(state);
  return {
    queryKey: [...aggregateKey(granularity), 'list', params] as const,
    queryFn: async ({ signal }: { signal: AbortSignal }) =>
      requireSuccess(
        await apiRequest<{ success?: boolean; data: AggregateRow[]; paging: Paging }>(base(granularity), {
          query: { dataTableParams: JSON.stringify(params) },
          signal,
        }),
      ),
  };
};

/** GET, with no body, as the screens have always called it (docs/api.md#aggregates). */
export const generateAggregates = async (granularity: Granularity) =>
  requireSuccess(
    await apiRequest<{ success?: boolean; data: AggregateGenerateResult }>(`${base(granularity)}/generate`),
  ).data.generated;

/** Body-less DELETE: the client sends no Content-Type, which Fastify would refuse with an empty body. */
export const deleteAggregates = async (granularity: Granularity) =>
  requireSuccess(
    await apiRequest<{ success?: boolean; data: AggregateDeleteResult }>(`${base(granularity)}/delete`, {
      method: 'DELETE',
    }),
  ).data.deleted;
