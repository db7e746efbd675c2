import { type FieldDef, type Resource, unhandledKind } from '@greenpod/contracts';
import type { z } from 'zod';
import type { Row } from '../resource-api';

export type FormMode = 'create' | 'update';
export type FormValues = Record<string, unknown>;
export type FormField = { key: string; def: FieldDef };

/** The inputs a form shows: every field the user may write and the form does not hide. */
export function formFields(resource: Resource): FormField[] {
  return Object.entries(resource.fields)
    .filter(([, def]) => !def.readOnly && !def.hideInForm)
    .map(([key, def]) => ({ key, def }));
}

/**
 * Create checks the create schema. Update checks the same rules, except that fields only required
 * on create (passwords) may stay blank: the update schema alone would let a required field be
 * blanked to null.
 */
export function formSchema(resource: Resource, mode: FormMode): z.ZodObject {
  if (mode === 'create') return resource.createSchema;
  const relaxed: Record<string, z.ZodType> = {};
  for (const [key, def] of Object.entries(resource.fields)) {
    const loose = resource.updateSchema.shape[key];
    if ((def.requiredOnCreate || def.hideInForm) && loose) relaxed[key] = loose;
  }
  return resource.createSchema.extend(relaxed);
}

/** Inputs hold strings (selects and text boxes), booleans (checkboxes) or string lists (tags). */
function toInput(def: FieldDef, value: unknown): unknown {
  switch (def.kind) {
    case 'flag':
      return value === true || value === 1 || (value === undefined && (def.default ?? false));
    case 'tags':
      return Array.isArray(value) ? value.map(String) : [];
    case 'text':
    case 'number':
    case 'enum':
    case 'ref':
    case 'shortcode':
      return value === null || value === undefined ? '' : String(value);
    default:
      return unhandledKind(def);
  }
}

export function initialValues(fields: readonly FormField[], row?: Row): FormValues {
  return Object.fromEntries(fields.map(({ key, def }) => [key, toInput(def, row?.[key])]));
}

/** On update a blank write-only field (password) means "keep the current one", so it is not sent. */
export function toPayload(resource: Resource, mode: FormMode, values: FormValues): FormValues {
  if (mode === 'create') return values;
  return Object.fromEntries(
    Object.entries(values).filter(([key, v]) => !(resource.fields[key]?.writeOnly && (v === null || v === undefined))),
  );
}

/** The fields whose options depend on `key`, and theirs in turn (group -> client -> location ...). */
export function dependants(fields: readonly FormField[], key: string): string[] {
  const direct = fields.filter((f) => f.def.kind === 'ref' && f.def.parent === key).map((f) => f.key);
  return direct.flatMap((child) => [child, ...dependants(fields, child)]);
}

/** A ref's parent counts only when the form shows it; otherwise the select is not gated. */
export function parentOf(fields: readonly FormField[], def: FieldDef): string | undefined {
  if (def.kind !== 'ref' || !def.parent) return undefined;
  return fields.some((f) => f.key === def.parent) ? def.parent : undefined;
}
