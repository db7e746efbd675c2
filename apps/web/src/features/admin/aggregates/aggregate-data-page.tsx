import { AGGREGATE_DEFAULT_SORT, type Granularity } from '@greenpod/contracts';
import { Button, Group, Stack, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { DataTable } from '../../../components/data-table/data-table';
import { ErrorAlert } from '../../../components/form/error-alert';
import { DeleteDialog } from '../list/delete-dialog';
import { useListState } from '../list/use-list-state';
import { aggregateKey, aggregateListQuery, deleteAggregates, generateAggregates } from './aggregate-api';
import { AGGREGATE_COLUMNS, AGGREGATE_SEARCH_FIELDS, AGGREGATE_SORT_FIELDS } from './aggregate-columns';

const NAMES: Record<Granularity, string> = { daily: 'Daily', weekly: 'Weekly', monthly: 'Monthly' };
// A module constant, so the list state's memo does not see a new object on every render.
const LIST_DEFAULTS = { defaultSort: AGGREGATE_DEFAULT_SORT };

const rows = (n: number) => `${n} ${n === 1 ? 'row' : 'rows'}`;
const messageOf = (failure: Error | null) => failure?.message ?? null;

/**
 * The daily, weekly and monthly data screens (docs/screens.md#aggregated-data): a read-only list plus Generate and
 * Delete. One component serves all three; only the granularity differs.
 */
export function AggregateDataPage({ granularity }: { granularity: Granularity }) {
  const name = NAMES[granularity];
  const [state, setState] = useListState(LIST_DEFAULTS);
  const queryClient = useQueryClient();
  const list = useQuery(aggregateListQuery(granularity, state));
  const [confirming, setConfirming] = useState(false);
  const refetch = () => queryClient.invalidateQueries({ queryKey: aggregateKey(granularity) });

  // Each mutation awaits the refetch, so the buttons stay disabled until the new list is in.
  const generate = useMutation({
    mutationFn: () => generateAggregates(granularity),
    onSuccess: async (generated) => {
      notifications.show({ color: 'green', message: `${name} data: ${rows(generated)} generated` });
      await refetch();
    },
  });
  const remove = useMutation({
    mutationFn: () => deleteAggregates(granularity),
    onSuccess: async (deleted) => {
      setConfirming(false);
      notifications.show({ color: 'green', message: `${name} data: ${rows(deleted)} deleted` });
      // Every row is gone, so only the first page can hold anything once Generate runs again.
      if (state.page > 1) setState({ page: 1 });
      await refetch();
    },
  });

  // Loading while fetching, generating or deleting.
  const busy = list.isFetching || generate.isPending || remove.isPending;
  // A failed fetch clears the data (no stale rows) and shows the failure.
  const failed = list.isError;

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>{name} Data</Title>
        <Group gap="sm">
          <Button onClick={() => generate.mutate()} disabled={busy} loading={generate.isPending}>
            Generate {name} Data
          </Button>
          <Button
            color="red"
            variant="light"
            disabled={busy}
            onClick={() => {
              remove.reset();
              setConfirming(true);
            }}
          >
            Delete
          </Button>
        </Group>
      </Group>
      <ErrorAlert error={messageOf(list.error) ?? messageOf(generate.error)} />
      <DataTable
        columns={AGGREGATE_COLUMNS}
        rows={failed ? [] : (list.data?.data ?? [])}
        total={failed ? 0 : (list.data?.paging.total ?? 0)}
        totalIsLowerBound={!failed && list.data?.paging.totalIsLowerBound}
        loading={list.isLoading}
        state={state}
        onStateChange={setState}
        searchFields={AGGREGATE_SEARCH_FIELDS}
        sortFields={AGGREGATE_SORT_FIELDS}
        getRowId={(row) => String(row.id)}
        columnsKey={`${granularity}-data`}
      />
      <DeleteDialog
        opened={confirming}
        prompt={`Are you sure you want to delete all ${name.toLowerCase()} data?`}
        pending={remove.isPending}
        error={messageOf(remove.error)}
        onConfirm={() => remove.mutate()}
        onClose={() => setConfirming(false)}
      />
    </Stack>
  );
}
