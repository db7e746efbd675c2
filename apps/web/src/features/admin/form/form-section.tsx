import { Fieldset, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './form-section.module.css';

/** A titled group of a form's inputs (a theme's colours, its logos): a fieldset, so the title is read with them. */
export function FormSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Fieldset variant="unstyled" legend={title} classNames={{ root: classes.root, legend: classes.legend }}>
      <Stack className={classes.body}>{children}</Stack>
    </Fieldset>
  );
}
