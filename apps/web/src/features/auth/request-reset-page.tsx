import { requestResetSchema } from '@greenpod/contracts';
import { Anchor, Button, Modal, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { ErrorAlert } from '../../components/form/error-alert';
import { InputField } from '../../components/form/input-field';
import { useServerForm } from '../../components/form/use-server-form';
import { requestPasswordReset } from './auth-api';

export function RequestResetPage() {
  const navigate = useNavigate();
  const { form, serverError, mutation, onSubmit } = useServerForm({
    schema: requestResetSchema,
    defaultValues: { email: '' },
    mutationFn: requestPasswordReset,
  });

  return (
    <>
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <Title order={2}>Reset your password</Title>
          <ErrorAlert error={serverError?.error} />
          <InputField label="Email" type="email" {...form.register('email')} fieldError={form.formState.errors.email} />
          <Button type="submit" loading={mutation.isPending}>
            Send reset link
          </Button>
          <Anchor component={Link} to="/user/login" size="sm">
            Back to sign in
          </Anchor>
        </Stack>
      </form>
      {/* The server answers the same whether or not the e-mail exists (docs/domain.md#accounts), so the dialog does too. */}
      <Modal opened={mutation.isSuccess} onClose={() => navigate('/user/login')} title="Almost there!" centered>
        <Stack>
          <Text>An e-mail with instructions to reset your password will be sent to you shortly.</Text>
          <Button onClick={() => navigate('/user/login')}>Continue to login</Button>
        </Stack>
      </Modal>
    </>
  );
}
