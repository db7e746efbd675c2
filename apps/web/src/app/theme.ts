import { createTheme } from '@mantine/core';

// Per-client colours arrive later from the configuration (docs/domain.md#themes); this is the default.
export const theme = createTheme({
  primaryColor: 'green',
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
});
