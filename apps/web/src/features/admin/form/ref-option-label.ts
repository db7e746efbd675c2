import type { FieldDef } from '@greenpod/contracts';
import { formatLocalDateTime } from '../../../lib/format';
import type { Row } from '../resource-api';

const SYSTEM_DATES = new Set(['created', 'updated']);

/** How one option of a ref select reads: its label column(s), dates in local time, blanks left out. */
export function optionLabel(def: Extract<FieldDef, { kind: 'ref' }>, row: Row): string {
  const keys = typeof def.optionLabel === 'string' ? [def.optionLabel] : (def.optionLabel ?? ['title']);
  const parts = keys
    .map((key) => {
      const value = row[key];
      if (value === null || value === undefined || value === '') return '';
      return SYSTEM_DATES.has(key) ? formatLocalDateTime(String(value)) : String(value);
    })
    .filter((part) => part !== '');
  return parts.length > 0 ? parts.join(' · ') : String(row.id);
}
