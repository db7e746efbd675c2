import { Alert, Notification } from '@mantine/core';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';

describe('close buttons under the app theme', () => {
  it('are named on alerts and toasts that do not name them themselves', () => {
    renderWithProviders(
      <>
        <Alert title="Adjusted" withCloseButton onClose={() => {}}>
          This link was adjusted
        </Alert>
        <Notification onClose={() => {}}>Reading stored</Notification>
      </>,
    );
    expect(screen.getAllByRole('button', { name: 'Dismiss' })).toHaveLength(2);
  });
});
