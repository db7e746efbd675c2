import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { type DefaultValues, type FieldValues, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { applyServerErrors, type ServerErrorState } from './server-errors';

interface ServerFormOptions<In extends FieldValues, Out extends FieldValues, R> {
  schema: z.ZodType<Out, In>;
  defaultValues: DefaultValues<In>;
  mutationFn: (values: Out) => Promise<R>;
  onSuccess?: (result: R) => void;
  mode?: 'onSubmit' | 'onTouched';
}

/**
 * What every form that posts to the server shares (sign-in, registration, reset, password change): the shared zod schema as resolver, one mutation,
 * and the server's error text and per-field messages put where the form shows them.
 */
export function useServerForm<In extends FieldValues, Out extends FieldValues, R>(opts: ServerFormOptions<In, Out, R>) {
  const [serverError, setServerError] = useState<ServerErrorState | null>(null);
  const form = useForm<In, unknown, Out>({
    resolver: zodResolver(opts.schema),
    defaultValues: opts.defaultValues,
    ...(opts.mode ? { mode: opts.mode } : {}),
  });
  const mutation = useMutation({
    mutationFn: opts.mutationFn,
    ...(opts.onSuccess ? { onSuccess: opts.onSuccess } : {}),
    onError: (failure) =>
      setServerError(applyServerErrors(failure, form.setError, Object.keys(opts.defaultValues ?? {}))),
  });
  const onSubmit = form.handleSubmit((values) => {
    setServerError(null);
    mutation.mutate(values);
  });
  return { form, errors: form.formState.errors, serverError, mutation, onSubmit };
}
