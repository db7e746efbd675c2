import { type ActiveUser, changePasswordSchema } from '@greenpod/contracts';
import { Button, Group, Stack, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { ErrorAlert } from '../../components/form/error-alert';
import { PasswordInput } from '../../components/form/password-input';
import { useServerForm } from '../../components/form/use-server-form';
import { saveSession } from '../../lib/session';
import { changePassword } from './profile-api';

const EMPTY = { currentPassword: '', password: '', confirmPassword: '' };

/** Current password, new one and its confirmation; on success the new token replaces the old one. */
export function ChangePasswordForm({ user }: { user: ActiveUser }) {
  const { form, errors, serverError, mutation, onSubmit } = useServerForm({
    schema: changePasswordSchema,
    defaultValues: EMPTY,
    mutationFn: changePassword,
    onSuccess: ({ token }) => {
      saveSession(token, user);
      form.reset(EMPTY);
      notifications.show({ color: 'green', message: 'Your password has been changed.' });
    },
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="change-password-title">
      <Stack gap="sm" maw={400}>
        <Title order={2} size="h4" id="change-password-title">
          Change password
        </Title>
        <ErrorAlert error={serverError?.error} />
        <PasswordInput
          label="Current Password"
          autoComplete="current-password"
          {...form.register('currentPassword')}
          fieldError={errors.currentPassword}
        />
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
        <Group>
          <Button type="submit" loading={mutation.isPending}>
            Change password
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
