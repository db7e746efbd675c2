import { Anchor, Button, Group, Stack, Title } from '@mantine/core';
import { loginSchema } from '@greenpod/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { ErrorAlert } from '../../components/form/error-alert';
import { InputField } from '../../components/form/input-field';
import { PasswordInput } from '../../components/form/password-input';
import { applyServerErrors, type ServerErrorState } from '../../components/form/server-errors';
import { saveSession } from '../../lib/session';
import { ME_QUERY_KEY, type SessionInfo } from '../../lib/use-session';
import { login } from './auth-api';

type LoginInput = z.input<typeof loginSchema>;
type LoginValues = z.output<typeof loginSchema>;

export function LoginPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [serverError, setServerError] = useState<ServerErrorState | null>(null);
  const form = useForm<LoginInput, unknown, LoginValues>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: '', password: '' },
  });
  const { errors } = form.formState;

  const mutation = useMutation({
    mutationFn: login,
    onSuccess: ({ token, user, role }) => {
      saveSession(token, user);
      queryClient.setQueryData<SessionInfo>(ME_QUERY_KEY, { user, role });
      navigate('/');
    },
    onError: (failure) => setServerError(applyServerErrors(failure, form.setError, ['email', 'password'])),
  });

  // A native form, so the Enter key submits from either field.
  const onSubmit = form.handleSubmit((values) => {
    setServerError(null);
    mutation.mutate(values);
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack>
        <Title order={2}>Sign in</Title>
        <ErrorAlert error={serverError?.error} />
        <InputField label="Username" autoComplete="username" {...form.register('email')} fieldError={errors.email} />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          {...form.register('password')}
          fieldError={errors.password}
        />
        <Button type="submit" loading={mutation.isPending}>
          Sign in
        </Button>
        <Group justify="space-between">
          <Anchor component={Link} to="/user/requestResetPassword" size="sm">
            Forgot password
          </Anchor>
          <Anchor component={Link} to="/user/register" size="sm">
            Sign Up
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}
