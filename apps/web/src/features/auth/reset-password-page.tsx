import { Anchor, Button, Stack, Title } from '@mantine/core';
import { resetPasswordSchema } from '@greenpod/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import type { z } from 'zod';
import { ErrorAlert } from '../../components/form/error-alert';
import { PasswordInput } from '../../components/form/password-input';
import { applyServerErrors, type ServerErrorState } from '../../components/form/server-errors';
import { resetPassword } from './auth-api';

type ResetInput = z.input<typeof resetPasswordSchema>;
type ResetValues = z.output<typeof resetPasswordSchema>;

export function ResetPasswordPage() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  // viewer.md 2.2: the token is the last path segment.
  const token = pathname.split('/').filter(Boolean).at(-1) ?? '';
  const [serverError, setServerError] = useState<ServerErrorState | null>(null);
  const form = useForm<ResetInput, unknown, ResetValues>({
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const { errors } = form.formState;
  const mutation = useMutation({
    mutationFn: (values: ResetValues) => resetPassword(token, values),
    onSuccess: () => {
      notifications.show({ color: 'green', message: 'Your password has been changed. Please sign in.' });
      navigate('/user/login');
    },
    onError: (failure) => setServerError(applyServerErrors(failure, form.setError, ['password', 'confirmPassword'])),
  });
  const onSubmit = form.handleSubmit((values) => {
    setServerError(null);
    mutation.mutate(values);
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack>
        <Title order={2}>Choose a new password</Title>
        <ErrorAlert error={serverError?.error} />
        <PasswordInput label="New Password" autoComplete="new-password" {...form.register('password')} fieldError={errors.password} />
        <PasswordInput
          label="Confirm Password"
          autoComplete="new-password"
          {...form.register('confirmPassword')}
          fieldError={errors.confirmPassword}
        />
        <Button type="submit" loading={mutation.isPending}>
          Save
        </Button>
        <Anchor component={Link} to="/user/login" size="sm">
          Back to sign in
        </Anchor>
      </Stack>
    </form>
  );
}
