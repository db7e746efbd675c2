import { type FieldDef, MESSAGES } from '@greenpod/contracts';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Dropdown } from '../../../components/dropdown/dropdown';
import { optionsQuery } from '../resource-api';
import { optionLabel } from './ref-option-label';

interface RefSelectProps {
  def: Extract<FieldDef, { kind: 'ref' }>;
  name: string;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  error: ReactNode;
  required: boolean;
  /** The parent field and its current value, when this select cascades from one. */
  parent?: { key: string; value: unknown };
}

/** A cascading select (docs/screens.md#admin-forms): disabled until its parent has a value, filtered by it. */
export function RefSelect({ def, name, value, onChange, onBlur, error, required, parent }: RefSelectProps) {
  const parentId = parent ? Number(parent.value) : undefined;
  const waiting = parent !== undefined && !(parent.value !== '' && Number.isFinite(parentId));
  const query = useQuery({
    ...optionsQuery(def.entity, parent && !waiting ? { key: parent.key, value: parentId ?? 0 } : undefined),
    enabled: !waiting,
  });
  const items = (query.data?.data ?? []).map((row) => ({ value: String(row.id), label: optionLabel(def, row) }));
  return (
    <Dropdown
      name={name}
      label={def.label}
      placeholder={def.placeholder ?? MESSAGES.selectPlaceholder(def.label)}
      items={items}
      value={value || null}
      onChange={onChange}
      onBlur={onBlur}
      error={error}
      required={required}
      disabled={waiting}
    />
  );
}
