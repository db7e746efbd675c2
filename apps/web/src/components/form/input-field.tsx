import { TextInput, type TextInputProps } from '@mantine/core';
import { type FieldErrorLike, fieldError } from './field-error';

export interface InputFieldProps extends Omit<TextInputProps, 'error'> {
  fieldError?: FieldErrorLike | string;
}

/** A text input that shows its own error under it, coloured by where the error came from. */
export function InputField({ fieldError: err, ...props }: InputFieldProps) {
  return <TextInput {...props} error={fieldError(err)} />;
}
