import { resetPasswordSchema } from '@greenpod/contracts';
import { Anchor, Button, Stack, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Link, useLocation, useNavigate } from 'react-router';
import type { z } from 'zod';
import { ErrorAlert } from '../../components/form/error-alert';
import { PasswordInput } from '../../components/form/password-input';
import { useServerForm } from '../../components/form/use-server-form';
import { resetPassword } from './auth-api';

type ResetValues = z.output<typeof resetPasswordSchema>;

export function ResetPasswordPage() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  // docs/screens.md#sign-in: the token is the last path segment.
  const token = pathname.split('/').filter(Boolean).at(-1) ?? '';
  const { form, errors, serverError, mutation, onSubmit } = useServerForm({
    schema: resetPasswordSchema,
    defaultValues: { password: '', confirmPassword: '' },
    mutationFn: (values: ResetValues) => resetPassword(token, values),
    onSuccess: () => {
      notifications.show({ color: 'green', message: 'Your password has been changed. Please sign in.' });
      navigate('/user/login');
    },
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack>
        <Title order={2}>Choose a new password</Title>
        <ErrorAlert error={serverError?.error} />
        <PasswordInput
          label="New Password"
          autoComplete="new-password"
          {...form.register('password')}
          fieldError={errors.password}
        />
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
