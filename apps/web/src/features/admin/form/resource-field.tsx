import { MESSAGES, SENSOR_LABELS, unhandledKind } from '@greenpod/contracts';
import { Checkbox, ColorInput, Group, Text, Textarea, TextInput } from '@mantine/core';
import { type Control, Controller, type FieldError } from 'react-hook-form';
import { Dropdown } from '../../../components/dropdown/dropdown';
import { fieldError } from '../../../components/form/field-error';
import { PasswordInput } from '../../../components/form/password-input';
import { AssetPicker } from '../assets/asset-picker';
import { enumLabel } from '../enum-label';
import type { FormField, FormMode, FormValues } from './form-model';
import { RefSelect } from './ref-select';

interface ResourceFieldProps {
  field: FormField;
  mode: FormMode;
  control: Control<FormValues>;
  /** Parent select's key and value, for cascading refs. */
  parent?: { key: string; value: unknown };
  /** Called after the user changes this field, so dependent selects can be cleared. */
  onChanged: (key: string) => void;
}

const asString = (v: unknown) => (typeof v === 'string' ? v : v === null || v === undefined ? '' : String(v));

/** One input for one field definition, chosen by its kind and format. */
export function ResourceField({ field, mode, control, parent, onChanged }: ResourceFieldProps) {
  const { key, def } = field;
  const required = !!def.required || (mode === 'create' && !!def.requiredOnCreate);
  return (
    <Controller
      name={key}
      control={control}
      render={({ field: input, fieldState }) => {
        const error = fieldError(fieldState.error as FieldError | undefined);
        const change = (value: unknown) => {
          input.onChange(value);
          onChanged(key);
        };
        const common = { label: def.label, name: key, error, onBlur: input.onBlur };
        const textual = { ...common, withAsterisk: required };
        switch (def.kind) {
          case 'flag':
            return (
              <Checkbox {...common} checked={input.value === true} onChange={(e) => change(e.currentTarget.checked)} />
            );
          case 'tags':
            return (
              <Checkbox.Group
                label={def.label}
                withAsterisk={required}
                error={error}
                value={Array.isArray(input.value) ? input.value.map(String) : []}
                onChange={(values) => {
                  change(values);
                  input.onBlur();
                }}
              >
                <Group mt="xs">
                  {def.values.map((v) => (
                    <Checkbox
                      key={v}
                      value={v}
                      label={def.valueLabels?.[v] ?? SENSOR_LABELS[v as keyof typeof SENSOR_LABELS] ?? v}
                    />
                  ))}
                </Group>
              </Checkbox.Group>
            );
          case 'enum':
            return (
              <Dropdown
                name={key}
                label={def.label}
                placeholder={def.placeholder ?? MESSAGES.selectPlaceholder(def.label)}
                items={def.values.map((v) => ({ value: String(v), label: enumLabel(key, v) }))}
                value={asString(input.value) || null}
                onChange={change}
                onBlur={input.onBlur}
                error={error}
                required={required}
              />
            );
          case 'ref':
            // An image is picked from the gallery, not from a list of titles (docs/screens.md#asset).
            if (def.entity === 'asset')
              return (
                <AssetPicker
                  label={def.label}
                  name={key}
                  value={asString(input.value)}
                  onChange={change}
                  onBlur={input.onBlur}
                  error={error}
                  required={required}
                  clientId={parent ? asString(parent.value) : undefined}
                />
              );
            return (
              <RefSelect
                def={def}
                name={key}
                value={asString(input.value)}
                onChange={change}
                onBlur={input.onBlur}
                error={error}
                required={required}
                parent={parent}
              />
            );
          case 'number':
            return (
              <TextInput
                {...textual}
                type="number"
                inputMode="decimal"
                placeholder={def.placeholder}
                value={asString(input.value)}
                onChange={(e) => change(e.currentTarget.value)}
              />
            );
          case 'shortcode':
            return <Text size="sm">{asString(input.value)}</Text>;
          case 'text':
            if (def.format === 'password') {
              return (
                <PasswordInput
                  label={def.label}
                  name={key}
                  withAsterisk={required}
                  fieldError={fieldState.error}
                  autoComplete="new-password"
                  placeholder={mode === 'update' ? 'Leave blank to keep the current password' : def.placeholder}
                  value={asString(input.value)}
                  onBlur={input.onBlur}
                  onChange={(e) => change(e.currentTarget.value)}
                />
              );
            }
            if (def.format === 'color') {
              return <ColorInput {...textual} value={asString(input.value)} onChange={change} />;
            }
            if (def.format === 'multiline') {
              return (
                <Textarea
                  {...textual}
                  minRows={3}
                  placeholder={def.placeholder}
                  value={asString(input.value)}
                  onChange={(e) => change(e.currentTarget.value)}
                />
              );
            }
            return (
              <TextInput
                {...textual}
                type={def.format === 'email' ? 'email' : def.format === 'date' ? 'date' : 'text'}
                placeholder={def.placeholder}
                value={asString(input.value)}
                onChange={(e) => change(e.currentTarget.value)}
              />
            );
          default:
            return unhandledKind(def);
        }
      }}
    />
  );
}
