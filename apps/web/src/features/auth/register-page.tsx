import { registerSchema } from '@greenpod/contracts';
import { Anchor, Button, Checkbox, Group, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { ErrorAlert } from '../../components/form/error-alert';
import { InputField } from '../../components/form/input-field';
import { PasswordInput } from '../../components/form/password-input';
import { useServerForm } from '../../components/form/use-server-form';
import { register as registerUser } from './auth-api';

export function RegisterPage() {
  const navigate = useNavigate();
  const { form, errors, serverError, mutation, onSubmit } = useServerForm({
    schema: registerSchema,
    mode: 'onTouched',
    defaultValues: { firstName: '', lastName: '', email: '', password: '', confirmPassword: '', terms: false },
    mutationFn: registerUser,
    onSuccess: () => navigate('/verification'),
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
        <InputField
          label="Email"
          type="email"
          autoComplete="email"
          {...form.register('email')}
          fieldError={errors.email}
        />
        <PasswordInput
          label="Password"
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
