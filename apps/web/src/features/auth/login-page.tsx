import { loginSchema } from '@greenpod/contracts';
import { Anchor, Button, Group, Stack, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useNavigate } from 'react-router';
import { ErrorAlert } from '../../components/form/error-alert';
import { InputField } from '../../components/form/input-field';
import { PasswordInput } from '../../components/form/password-input';
import { useServerForm } from '../../components/form/use-server-form';
import { saveSession } from '../../lib/session';
import { nextPath } from '../../lib/shortcodes';
import { ME_QUERY_KEY, type SessionInfo } from '../../lib/use-session';
import { login } from './auth-api';

export function LoginPage() {
  const navigate = useNavigate();
  // A client's link (or a page the session expired on) comes back here after sign-in.
  const { search } = useLocation();
  const queryClient = useQueryClient();
  const { form, errors, serverError, mutation, onSubmit } = useServerForm({
    schema: loginSchema,
    defaultValues: { email: '', password: '' },
    mutationFn: login,
    onSuccess: ({ token, user, role }) => {
      saveSession(token, user);
      queryClient.setQueryData<SessionInfo>(ME_QUERY_KEY, { user, role });
      navigate(nextPath(search) ?? '/');
    },
  });

  // A native form, so the Enter key submits from either field.
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
          <Anchor component={Link} to={{ pathname: '/user/requestResetPassword', search }} size="sm">
            Forgot password
          </Anchor>
          <Anchor component={Link} to={{ pathname: '/user/register', search }} size="sm">
            Sign Up
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}
