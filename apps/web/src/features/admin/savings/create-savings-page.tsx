import { MESSAGES, PERIOD_TYPES, SAVING_SENSOR_TYPES, type SavingsCreateBody, savings } from '@greenpod/contracts';
import { Button, Group, Paper, Stack, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { Dropdown } from '../../../components/dropdown/dropdown';
import { ErrorAlert } from '../../../components/form/error-alert';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { SAVINGS_KEY } from '../../savings/savings-api';
import { enumLabel } from '../enum-label';
import { RefSelect } from '../form/ref-select';
import { optionsQuery, resourceKey } from '../resource-api';
import {
  CREATE_LABELS,
  type CreateField,
  type CreateValues,
  checkCreate,
  computedMessage,
  EMPTY_VALUES,
  withChange,
} from './create-savings-form';

const LIST_PATH = '/admin/savings';

/** POST /api/savings (admin): the rows it computed (none when every closed period already has one). */
const createSavings = async (body: SavingsCreateBody) =>
  (await apiRequest<{ data: unknown[] }>('/savings', { method: 'POST', body })).data;
const PERIOD_ITEMS = PERIOD_TYPES.map((t) => ({ value: t, label: enumLabel('type', t) }));

/**
 * /admin/savings/create (docs/screens.md#create-savings): computes a pod's missing savings of one sensor and
 * time interval. Group, Client, Sensor, Pod, Time Interval, each waiting for the one it depends on.
 */
export function CreateSavingsPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<CreateValues>(EMPTY_VALUES);
  const [touched, setTouched] = useState<Partial<Record<CreateField, boolean>>>({});
  const [server, setServer] = useState<{ error: string; fieldErrors: Record<string, string[]> } | null>(null);
  const check = checkCreate(values);

  // Savings are measured on electricity and water only: the other sensors are left out of the choices.
  const sensors = useQuery(optionsQuery('sensor'));
  const sensorItems = (sensors.data?.data ?? [])
    .filter((row) => (SAVING_SENSOR_TYPES as readonly unknown[]).includes(row.type))
    .map((row) => ({ value: String(row.id), label: `${String(row.title)} · ${enumLabel('type', row.type)}` }));

  const save = useMutation({
    mutationFn: createSavings,
    onSuccess: async (rows) => {
      // The list and the Savings page read the rows this made.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: resourceKey('savings') }),
        queryClient.invalidateQueries({ queryKey: SAVINGS_KEY }),
      ]);
      notifications.show({ color: 'green', message: computedMessage(rows.length) });
      navigate(LIST_PATH);
    },
    onError: (failure) => {
      setServer({
        error: failure instanceof ApiError ? failure.message : MESSAGES.genericError,
        fieldErrors: failure instanceof ApiError ? failure.validationErrors : {},
      });
      window.scrollTo({ top: 0, behavior: 'smooth' });
    },
  });

  const set = (field: CreateField) => (value: string) => {
    setValues((v) => withChange(v, field, value));
    setServer(null);
  };
  const blur = (field: CreateField) => () => setTouched((t) => ({ ...t, [field]: true }));
  const error = (field: CreateField) =>
    (touched[field] && !check.ok ? check.errors[field] : undefined) ?? server?.fieldErrors[field]?.join(' ');
  const common = (field: CreateField) => ({
    name: field,
    value: values[field],
    onChange: set(field),
    onBlur: blur(field),
    error: error(field),
    required: true,
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!check.ok) {
      setTouched({ groupId: true, clientId: true, sensorId: true, podId: true, type: true });
      return;
    }
    setServer(null);
    save.mutate(check.body);
  };

  return (
    <Stack maw={720}>
      <Title order={2}>Create Savings</Title>
      <ErrorAlert
        error={server?.error}
        fieldErrors={server?.fieldErrors}
        labelOf={(f) => CREATE_LABELS[f as CreateField] ?? f}
      />
      <Paper withBorder p="lg" component="form" onSubmit={onSubmit} noValidate>
        <Stack>
          <RefSelect def={savings.fields.groupId as RefDef} {...common('groupId')} />
          <RefSelect
            def={savings.fields.clientId as RefDef}
            {...common('clientId')}
            parent={{ key: 'groupId', value: values.groupId }}
          />
          <Dropdown
            label={CREATE_LABELS.sensorId}
            placeholder={MESSAGES.selectPlaceholder(CREATE_LABELS.sensorId)}
            items={sensorItems}
            {...common('sensorId')}
            value={values.sensorId || null}
          />
          <RefSelect
            def={savings.fields.podId as RefDef}
            {...common('podId')}
            parent={{ key: 'clientId', value: values.clientId }}
          />
          <Dropdown
            label={CREATE_LABELS.type}
            placeholder={MESSAGES.selectPlaceholder(CREATE_LABELS.type)}
            items={PERIOD_ITEMS}
            {...common('type')}
            value={values.type || null}
            disabled={values.podId === ''}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => navigate(LIST_PATH)}>
              Cancel
            </Button>
            <Button type="submit" disabled={!check.ok} loading={save.isPending}>
              Submit
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}

type RefDef = Parameters<typeof RefSelect>[0]['def'];
