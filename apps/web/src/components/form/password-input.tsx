import { ActionIcon, TextInput, type TextInputProps } from '@mantine/core';
import { IconEye, IconEyeOff } from '@tabler/icons-react';
import { useState } from 'react';
import { type FieldErrorLike, fieldError } from './field-error';

export interface PasswordInputProps extends Omit<TextInputProps, 'error' | 'type'> {
  fieldError?: FieldErrorLike | string;
}

/** A password input with a show/hide toggle (docs/screens.md#sign-in). */
export function PasswordInput({ fieldError: err, ...props }: PasswordInputProps) {
  const [visible, setVisible] = useState(false);
  return (
    <TextInput
      {...props}
      type={visible ? 'text' : 'password'}
      error={fieldError(err)}
      rightSection={
        <ActionIcon
          variant="subtle"
          color="gray"
          c="dimmed"
          aria-label={visible ? 'Hide password' : 'Show password'}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? <IconEyeOff size={16} /> : <IconEye size={16} />}
        </ActionIcon>
      }
    />
  );
}
