import { Anchor, Button, Checkbox, Group, Stack, Text, Title } from '@mantine/core';
import { registerSchema } from '@greenpod/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { ErrorAlert } from '../../components/form/error-alert';
import { InputField } from '../../components/form/input-field';
import { PasswordInput } from '../../components/form/password-input';
import { applyServerErrors, type ServerErrorState } from '../../components/form/server-errors';
import { register as registerUser } from './auth-api';

type RegisterInput = z.input<typeof registerSchema>;
type RegisterValues = z.output<typeof registerSchema>;
const FIELDS = ['firstName', 'lastName', 'email', 'password', 'confirmPassword', 'terms'];

export function RegisterPage() {
  const navigate = useNavigate();
  const [serverError, setServerError] = useState<ServerErrorState | null>(null);
  const form = useForm<RegisterInput, unknown, RegisterValues>({
    resolver: zodResolver(registerSchema),
    mode: 'onTouched',
    defaultValues: { firstName: '', lastName: '', email: '', password: '', confirmPassword: '', terms: false },
  });
  const { errors } = form.formState;

  const mutation = useMutation({
    mutationFn: registerUser,
    onSuccess: () => navigate('/verification'),
    onError: (failure) => setServerError(applyServerErrors(failure, form.setError, FIELDS)),
  });
  const onSubmit = form.handleSubmit((values) => {
    setServerError(null);
    mutation.mutate(values);
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack>
        <Title order={2}>Sign up</Title>
        <ErrorAlert error={serverError?.error} fieldErrors={serverError?.fieldErrors} />
        <Group grow align="flex-start">
          <InputField label="First Name" {...form.register('firstName')} fieldError={errors.firstName} />
          <InputField label="Last Name" {...form.register('lastName')} fieldError={errors.lastName} />
        </Group>
        <InputField label="Email" type="email" autoComplete="email" {...form.register('email')} fieldError={errors.email} />
        <PasswordInput label="Password" autoComplete="new-password" {...form.register('password')} fieldError={errors.password} />
        <PasswordInput
          label="Confirm Password"
          autoComplete="new-password"
          {...form.register('confirmPassword')}
          fieldError={errors.confirmPassword}
        />
        <Checkbox label="I accept the terms and conditions" {...form.register('terms')} />
        <Button type="submit" loading={mutation.isPending}>
          Submit
        </Button>
        <Text size="sm">
          Already registered?{' '}
          <Anchor component={Link} to="/user/login">
            Sign in
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
