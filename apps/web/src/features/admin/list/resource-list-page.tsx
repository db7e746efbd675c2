import { entryFor, type Resource } from '@greenpod/contracts';
import { Button, Group, Stack, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { DataTable } from '../../../components/data-table/data-table';
import type { RowActions } from '../../../components/data-table/types';
import { useTableUrlState } from '../../../components/data-table/use-table-url-state';
import { ApiError } from '../../../lib/api-client';
import { deletePreviewQuery, deleteResource, listQuery, type Row, resourceKey } from '../resource-api';
import { useSecretRotation } from '../secrets/use-secret-rotation';
import { DeleteDialog } from './delete-dialog';
import { LIST_MAP_VIEWS } from './list-map-views';
import { resourceColumns, searchOptions, sortOptions } from './resource-columns';

/** The one admin list screen; everything it shows comes from the resource definition. */
export function ResourceListPage({ resource }: { resource: Resource }) {
  const { state, setState, view, setView } = useTableUrlState(resource.defaultSort);
  const renderMap = entryFor(LIST_MAP_VIEWS, resource);
  const { search } = useLocation();
  const queryClient = useQueryClient();
  const list = useQuery(listQuery(resource, state));
  const [doomed, setDoomed] = useState<Row | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const preview = useQuery(deletePreviewQuery(resource.name, doomed?.id));

  const remove = useMutation({
    mutationFn: (row: Row) => deleteResource(resource.name, row.id),
    onSuccess: async () => {
      const lastOnPage = (list.data?.data.length ?? 0) <= 1 && state.page > 1;
      setDoomed(null);
      notifications.show({ color: 'green', message: `${resource.label} deleted` });
      // Stay on the current page unless the deleted row was the last one on it.
      if (lastOnPage) setState({ page: state.page - 1 });
      await queryClient.invalidateQueries({ queryKey: resourceKey(resource.name) });
    },
    onError: (failure) => setDeleteError(failure instanceof ApiError ? failure.message : 'An error occurred'),
  });

  const base = `/admin/${resource.name}`;
  const columns = useMemo(() => resourceColumns(resource), [resource]);
  const canUpdate = resource.rowActions !== false && resource.verbs.includes('update');
  const canDelete = resource.rowActions !== false && resource.verbs.includes('delete');
  const navigate = useNavigate();
  const secret = useSecretRotation(resource);
  const actions = useMemo<RowActions<Row>>(
    () => ({
      ...(canUpdate
        ? { onEdit: (row: Row) => navigate(`${base}/update/${row.id}`, { state: { listSearch: search } }) }
        : {}),
      ...(canDelete
        ? {
            onDelete: (row: Row) => {
              setDeleteError(null);
              setDoomed(row);
            },
          }
        : {}),
      extra: secret.actions,
    }),
    [canUpdate, canDelete, navigate, base, search, secret.actions],
  );

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>{resource.heading}</Title>
        {(resource.verbs.includes('create') || resource.customCreate) && (
          <Button component={Link} to={`${base}/create`} state={{ listSearch: search }}>
            {resource.createLabel}
          </Button>
        )}
      </Group>
      <DataTable
        columns={columns}
        rows={list.data?.data ?? []}
        total={list.data?.paging.total ?? 0}
        totalIsLowerBound={list.data?.paging.totalIsLowerBound}
        loading={list.isPending}
        state={state}
        onStateChange={setState}
        searchFields={searchOptions(resource)}
        sortFields={sortOptions(resource)}
        actions={actions}
        getRowId={(row) => String(row.id)}
        columnsKey={resource.name}
        {...(renderMap ? { view: { value: view, onChange: setView }, renderMap } : {})}
      />
      <DeleteDialog
        opened={doomed !== null}
        prompt={resource.deletePrompt}
        preview={{ loading: preview.isPending, data: preview.data, label: resource.label }}
        pending={remove.isPending}
        error={deleteError}
        onConfirm={() => doomed && remove.mutate(doomed)}
        onClose={() => setDoomed(null)}
      />
      {secret.dialogs}
    </Stack>
  );
}
