import { entryFor, type Resource } from '@greenpod/contracts';
import { Box, Button, Center, Group, Loader, Paper, SimpleGrid, Stack, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation, useNavigate, useParams } from 'react-router';
import { ErrorAlert } from '../../../components/form/error-alert';
import { applyServerErrors, type ServerErrorState } from '../../../components/form/server-errors';
import { itemQuery, resourceKey, saveResource } from '../resource-api';
import { secretLabel, secretNote, secretOf } from '../secrets/secret';
import { SecretModal } from '../secrets/secret-modal';
import { FORM_EXTRAS, type FormExtraProps } from './form-extras';
import { formLayout } from './form-layout';
import {
  dependants,
  type FormField,
  type FormMode,
  type FormValues,
  formFields,
  initialValues,
  parentOf,
  toPayload,
} from './form-model';
import { FormSection } from './form-section';
import { ResourceField } from './resource-field';
import { checkedWith, resourceResolver } from './resource-resolver';

interface ResourceFormPageProps {
  resource: Resource;
  mode: FormMode;
  /** The record to update, when the route does not name it as `:id` (a configuration by shortcodes). */
  id?: string;
  /** Values a create form starts from, over the entity's own preset (a client already chosen). */
  preset?: FormValues;
}

/** The one admin form screen: create (Submit) or update (Save), built from the resource. */
export function ResourceFormPage({ resource, mode, id: givenId, preset }: ResourceFormPageProps) {
  const params = useParams();
  const id = givenId ?? params.id ?? '';
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const fields = useMemo(() => formFields(resource), [resource]);
  const extra = entryFor(FORM_EXTRAS, resource);
  const listPath = `/admin/${resource.name}${listSearchOf(location.state)}`;
  const [serverError, setServerError] = useState<ServerErrorState | null>(null);
  // A secret the create answer carries once (a pod's ingest key); the list waits until it is copied.
  const secretField = mode === 'create' ? resource.secretOnCreate : undefined;
  const [secret, setSecret] = useState<string | null>(null);

  const item = useQuery({ ...itemQuery(resource.name, id), enabled: mode === 'update' });
  const stored = mode === 'update' ? item.data : undefined;
  const resolver = useMemo(
    () => resourceResolver(resource, mode, fields, queryClient, stored),
    [resource, mode, fields, queryClient, stored],
  );
  const form = useForm<FormValues>({
    mode: 'onTouched',
    resolver,
    defaultValues: { ...initialValues(fields), ...(mode === 'create' ? { ...extra?.preset, ...preset } : {}) },
  });
  const { isDirty, isValid, isSubmitting } = form.formState;

  useEffect(() => {
    if (item.data) form.reset(initialValues(fields, item.data));
  }, [item.data, fields, form]);

  const save = useMutation({
    mutationFn: (values: FormValues) =>
      saveResource(resource.name, toPayload(resource, mode, values), mode === 'update' ? id : undefined),
    onSuccess: async (response) => {
      await queryClient.invalidateQueries({ queryKey: resourceKey(resource.name) });
      notifications.show({ color: 'green', message: `${resource.label} saved` });
      const shown = secretField ? secretOf(response, secretField) : null;
      if (shown) setSecret(shown);
      else navigate(listPath);
    },
    onError: (failure) => {
      setServerError(
        applyServerErrors(
          failure,
          form.setError,
          fields.map((f) => f.key),
        ),
      );
      window.scrollTo({ top: 0, behavior: 'smooth' });
    },
  });

  const onSubmit = form.handleSubmit((values) => {
    setServerError(null);
    return save.mutateAsync(values).catch(() => undefined);
  });

  // Changing a parent select empties every select that cascades from it; a field whose check reads
  // the changed one (a threshold reads its sensor) is checked again once the user has been there.
  const onChanged = (key: string) => {
    for (const child of dependants(fields, key)) form.setValue(child, '', { shouldDirty: true });
    const recheck = checkedWith(resource, key).filter((f) => form.getFieldState(f).isTouched);
    if (recheck.length > 0) void form.trigger(recheck);
  };
  const values = form.watch();
  const extraProps: FormExtraProps = {
    mode,
    values,
    errors: form.formState.errors as FormExtraProps['errors'],
    setValue: (key, value) => {
      form.setValue(key, value, { shouldDirty: true, shouldTouch: true, shouldValidate: true });
      onChanged(key);
    },
  };
  const labelOf = (key: string) => resource.fields[key]?.label ?? key;

  const fieldInput = (field: FormField) => {
    const parentKey = parentOf(fields, field.def);
    return (
      <ResourceField
        key={field.key}
        field={field}
        mode={mode}
        control={form.control}
        parent={parentKey ? { key: parentKey, value: values[parentKey] } : undefined}
        onChanged={onChanged}
      />
    );
  };

  if (mode === 'update' && item.isPending) {
    return (
      <Center py="xl" role="status" aria-label="Loading">
        <Loader />
      </Center>
    );
  }

  const formPaper = (
    <Paper withBorder p="lg" component="form" onSubmit={onSubmit} noValidate>
      <Stack>
        {formLayout(fields, extra).map((item) => {
          if (item.kind === 'widget') {
            const Widget = extra?.Widget;
            return Widget ? <Widget key={item.key} {...extraProps} /> : null;
          }
          if (item.kind === 'section') {
            return (
              <FormSection key={item.title} title={item.title}>
                {item.fields.map(fieldInput)}
              </FormSection>
            );
          }
          return fieldInput(item.field);
        })}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => navigate(listPath)}>
            Cancel
          </Button>
          <Button type="submit" disabled={!isDirty || !isValid} loading={isSubmitting}>
            {mode === 'create' ? 'Submit' : 'Save'}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
  const Aside = extra?.Aside;

  return (
    <Stack maw={Aside ? 1200 : 720}>
      <Title order={2}>{mode === 'create' ? `Create ${resource.label}` : `Edit ${resource.label}`}</Title>
      <ErrorAlert error={item.error ? item.error.message : null} />
      <ErrorAlert error={serverError?.error} fieldErrors={serverError?.fieldErrors} labelOf={labelOf} />
      {Aside ? (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          {formPaper}
          <Box>
            <Aside {...extraProps} />
          </Box>
        </SimpleGrid>
      ) : (
        formPaper
      )}
      {secretField && (
        <SecretModal
          opened={secret !== null}
          title={secretLabel(secretField)}
          secret={secret ?? ''}
          note={secretNote(resource, secretField)}
          onDone={() => navigate(listPath)}
        />
      )}
    </Stack>
  );
}

function listSearchOf(state: unknown): string {
  if (typeof state === 'object' && state !== null && 'listSearch' in state) {
    const search = (state as { listSearch: unknown }).listSearch;
    if (typeof search === 'string') return search;
  }
  return '';
}
