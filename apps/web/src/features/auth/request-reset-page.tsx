import { Anchor, Button, Modal, Stack, Text, Title } from '@mantine/core';
import { requestResetSchema } from '@greenpod/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { ErrorAlert } from '../../components/form/error-alert';
import { InputField } from '../../components/form/input-field';
import { applyServerErrors, type ServerErrorState } from '../../components/form/server-errors';
import { requestPasswordReset } from './auth-api';

type ResetInput = z.input<typeof requestResetSchema>;
type ResetValues = z.output<typeof requestResetSchema>;

export function RequestResetPage() {
  const navigate = useNavigate();
  const [serverError, setServerError] = useState<ServerErrorState | null>(null);
  const form = useForm<ResetInput, unknown, ResetValues>({
    resolver: zodResolver(requestResetSchema),
    defaultValues: { email: '' },
  });
  const mutation = useMutation({
    mutationFn: requestPasswordReset,
    onError: (failure) => setServerError(applyServerErrors(failure, form.setError, ['email'])),
  });
  const onSubmit = form.handleSubmit((values) => {
    setServerError(null);
    mutation.mutate(values);
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
      {/* The server answers the same whether or not the e-mail exists (DOMAIN.md), so the dialog does too. */}
      <Modal opened={mutation.isSuccess} onClose={() => navigate('/user/login')} title="Almost there!" centered>
        <Stack>
          <Text>An e-mail with instructions to reset your password will be sent to you shortly.</Text>
          <Button onClick={() => navigate('/user/login')}>Continue to login</Button>
        </Stack>
      </Modal>
    </>
  );
}
