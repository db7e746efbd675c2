import { configuration, type ThemeField } from '@greenpod/contracts';
import { ColorInput, SimpleGrid } from '@mantine/core';
import { fieldError } from '../../../components/form/field-error';
import type { FormExtraProps } from '../form/form-extras';
import { FormSection } from '../form/form-section';

/** Side by side in pairs: the two surfaces, the two texts, the two actions, the two states, then menus. */
export const COLOR_ORDER: readonly ThemeField[] = [
  'backgroundColor',
  'foregroundColor',
  'primaryTextColor',
  'secondaryTextColor',
  'primaryActionColor',
  'secondaryActionColor',
  'successColor',
  'warningColor',
  'dropdownColor',
];

/** The nine theme colours as colour pickers, in a section of their own (docs/domain.md#themes). */
export function ThemeColorsWidget({ values, setValue, errors }: FormExtraProps) {
  return (
    <FormSection title="Theme">
      <SimpleGrid type="container" cols={{ base: 1, '420px': 2 }} spacing="md" verticalSpacing="sm">
        {COLOR_ORDER.map((key) => (
          <ColorInput
            key={key}
            name={key}
            label={configuration.fields[key]?.label}
            withAsterisk
            format="hex"
            eyeDropperButtonProps={{ 'aria-label': `Pick the ${configuration.fields[key]?.label} from the screen` }}
            value={typeof values[key] === 'string' ? values[key] : ''}
            onChange={(value) => setValue(key, value)}
            error={fieldError(errors[key])}
          />
        ))}
      </SimpleGrid>
    </FormSection>
  );
}
