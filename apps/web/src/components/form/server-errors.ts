import { MESSAGES } from '@greenpod/contracts';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../../lib/api-client';

export interface ServerErrorState {
  error: string;
  fieldErrors: Record<string, string[]>;
}

/**
 * A failed post (docs/screens.md#forms): the error text, defaulting to "An error occurred", and the field
 * messages, which are also put beside the fields the form knows.
 */
export function applyServerErrors<T extends FieldValues>(
  failure: unknown,
  setError: UseFormSetError<T>,
  formFields: readonly string[],
): ServerErrorState {
  const error = failure instanceof ApiError ? failure.message : MESSAGES.genericError;
  const fieldErrors = failure instanceof ApiError ? failure.validationErrors : {};
  for (const [field, messages] of Object.entries(fieldErrors)) {
    if (formFields.includes(field) && messages.length > 0) {
      setError(field as Path<T>, { type: 'server', message: messages.join(' ') });
    }
  }
  return { error, fieldErrors };
}
