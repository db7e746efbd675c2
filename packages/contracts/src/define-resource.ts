import { z } from 'zod';
import { type FieldDef, type FieldKind, fieldInput, fieldOutput } from './fields';
import { HIERARCHY_LEVEL_FIELDS, HIERARCHY_LEVELS, type HierarchyLevel } from './hierarchy';

export type Verb = 'list' | 'read' | 'create' | 'update' | 'delete';
export const ALL_VERBS: readonly Verb[] = ['list', 'read', 'create', 'update', 'delete'];

/**
 * Who may read rows: `scoped` = callers whose role scope covers the row, `authenticated` = anyone
 * signed in (catalogues), `own` = the row's `ownerField` is the caller, `admin` = administrators only.
 * Writes are for administrators unless stated.
 */
export type ReadAccess = 'scoped' | 'authenticated' | 'own' | 'admin';

export interface JoinDef {
  /** The ref field whose target row is joined. */
  via: string;
  /** The column of the joined row to show. */
  column: string;
  label: string;
  /** A numeric column: answered as a number and left out of text search. Text otherwise. */
  numeric?: boolean;
}

/**
 * A check across fields, beyond what one field's schema can say (a rule's threshold against its sensor's
 * type, its clear level against its condition). The admin form runs it before submit and the server on
 * every write, so the message is the same in both places (docs/decisions/0024-row-checks.md).
 */
export interface RowCheck {
  /** The field the message belongs to: shown under it, and its key in `validationErrors`. */
  field: string;
  /** The fields it reads. A create always checks; an update only when one of them changes. */
  inputs: readonly string[];
  /** A column of the row a ref field points at, which the check needs (the chosen sensor's type). */
  lookup?: { via: string; column: string };
  /**
   * The message, or null when the values fit. `values` are the row as it will be (sent over stored);
   * `looked` is the lookup's column, null when the ref is not chosen.
   */
  problem: (values: Record<string, unknown>, looked: unknown) => string | null;
}

/** Whether a write must run a check: always on create, on update when one of its inputs changes. */
export function checkApplies(check: RowCheck, values: Record<string, unknown>, stored?: Record<string, unknown>) {
  if (!stored) return true;
  return check.inputs.some((key) => key in values && !sameValue(values[key], stored[key]));
}

// Numbers may come back as numeric strings (form inputs, bigint columns): compare them as text.
const sameValue = (a: unknown, b: unknown) =>
  (a ?? null) === (b ?? null) ||
  (a !== null && a !== undefined && b !== null && b !== undefined && String(a) === String(b));

export interface ResourceInput {
  /** URL segment: /api/<name>, /admin/<name>. */
  name: string;
  /** Database table (default: name with dashes as underscores). */
  table?: string;
  /** Singular label ("Client"); list heading defaults to it. */
  label: string;
  heading?: string;
  createLabel?: string;
  deletePrompt?: string;
  fields: Record<string, FieldDef>;
  joins?: Record<string, JoinDef>;
  /** Admin list columns in order; labels come from fields/joins unless overridden. */
  list: readonly string[];
  columnLabels?: Record<string, string>;
  /**
   * The columns shown until the viewer chooses others (default: every column of `list`). The rest wait behind
   * the list's column chooser, so a list fits a 1280 px screen with its row actions in view.
   */
  defaultColumns?: readonly string[];
  /** Columns hidden on narrow screens. */
  hideOnMobile?: readonly string[];
  verbs?: readonly Verb[];
  /**
   * Rows are made by a route and screen of their own (Create Savings computes them), not by the generic form:
   * the list still offers the create button, the generic CRUD registers no POST.
   */
  customCreate?: boolean;
  /** false: the admin list shows no row actions even where the API has the verb (the savings list). */
  rowActions?: boolean;
  /** This resource is itself a level of the hierarchy (its own id is that level). */
  node?: HierarchyLevel;
  /** Rows take their place in the hierarchy from this ref's row (measurement via its pod). */
  scopeVia?: string;
  access: { read: ReadAccess; write?: 'admin' };
  ownerField?: string;
  defaultSort?: { key: string; direction: 'ASC' | 'DESC' };
  /** A secret the server makes on create and returns once beside `data` (a pod's ingest key). */
  secretOnCreate?: string;
  /** Server-side uniqueness (409 on a duplicate), by field. */
  unique?: readonly string[];
  /** Checks across fields, run by the admin form and on every write. */
  checks?: readonly RowCheck[];
  /**
   * Resources whose rows pointing at this one belong to it and are deleted with it (a user's
   * user-notifications). Any other resource pointing at a row is structure and blocks its deletion.
   */
  owns?: readonly string[];
}

/** How a list cell is shown: a field's kind, or a joined title, a system date or the id. */
export type ColumnKind = FieldKind | 'join' | 'date' | 'id';

export interface ListColumn {
  key: string;
  label: string;
  sortable: boolean;
  kind: ColumnKind;
  hideOnMobile: boolean;
  /** Shown until the viewer chooses otherwise in the column chooser. */
  defaultVisible: boolean;
}

/**
 * A defined entity. `N` and `F` keep its literal name and field names, so the registry yields the
 * `ResourceName` union and code that names a resource's fields (the demo seed) fails to compile on a typo.
 */
export interface Resource<N extends string = string, F extends Record<string, FieldDef> = Record<string, FieldDef>>
  extends ResourceInput {
  name: N;
  fields: F;
  table: string;
  verbs: readonly Verb[];
  heading: string;
  createLabel: string;
  deletePrompt: string;
  /** Fields stored in this table (not virtual). */
  storedFields: readonly string[];
  /** Fields a body may carry. */
  writableFields: readonly string[];
  searchable: readonly string[];
  sortable: readonly string[];
  filterable: readonly string[];
  columns: readonly ListColumn[];
  /** For each hierarchy level, the field (or 'id') that places a row in it. */
  levelFields: Partial<Record<HierarchyLevel, string>>;
  createSchema: z.ZodObject;
  updateSchema: z.ZodObject;
  rowSchema: z.ZodObject;
}

const SYSTEM_COLUMNS = ['id', 'created', 'updated'] as const;

export function defineResource<const N extends string, F extends Record<string, FieldDef>>(
  input: ResourceInput & { name: N; fields: F },
): Resource<N, F> {
  const entries = Object.entries(input.fields);
  const storedFields = entries.filter(([, f]) => !f.virtual).map(([k]) => k);
  const writableFields = entries.filter(([, f]) => !f.readOnly).map(([k]) => k);
  const joins = input.joins ?? {};

  const createShape: Record<string, z.ZodType> = {};
  const updateShape: Record<string, z.ZodType> = {};
  for (const key of writableFields) {
    const f = input.fields[key] as FieldDef;
    createShape[key] = fieldInput(f, 'create');
    updateShape[key] = fieldInput(f, 'update');
  }
  const rowShape: Record<string, z.ZodType> = { id: z.number() };
  for (const key of storedFields) {
    const f = input.fields[key] as FieldDef;
    if (!f.writeOnly) rowShape[key] = fieldOutput(f);
  }
  for (const [key, j] of Object.entries(joins))
    rowShape[key] = j.numeric ? z.number().nullable() : z.string().nullable();
  rowShape.created = z.string();
  rowShape.updated = z.string();

  const searchable = storedFields.filter((k) => input.fields[k]?.search);
  const sortable = [
    ...SYSTEM_COLUMNS,
    ...storedFields.filter((k) => input.fields[k]?.sort || input.fields[k]?.kind === 'ref'),
    ...Object.keys(joins),
  ];
  const filterable = ['id', ...storedFields.filter((k) => !input.fields[k]?.writeOnly)];

  const columns: ListColumn[] = input.list.map((key) => {
    const f = input.fields[key];
    const j = joins[key];
    const label =
      input.columnLabels?.[key] ??
      f?.label ??
      j?.label ??
      (key === 'created' ? 'Created' : key === 'updated' ? 'Updated' : key);
    const kind: ListColumn['kind'] = f ? f.kind : j ? 'join' : key === 'id' ? 'id' : 'date';
    return {
      key,
      label,
      sortable: sortable.includes(key),
      kind,
      hideOnMobile: !!input.hideOnMobile?.includes(key),
      defaultVisible: input.defaultColumns?.includes(key) ?? true,
    };
  });

  const levelFields: Partial<Record<HierarchyLevel, string>> = {};
  for (const level of HIERARCHY_LEVELS) {
    if (input.node === level) levelFields[level] = 'id';
    else if (storedFields.includes(HIERARCHY_LEVEL_FIELDS[level])) levelFields[level] = HIERARCHY_LEVEL_FIELDS[level];
  }

  const label = input.label;
  return {
    ...input,
    table: input.table ?? input.name.replaceAll('-', '_'),
    verbs: input.verbs ?? ALL_VERBS,
    heading: input.heading ?? label,
    createLabel: input.createLabel ?? `Create ${label}`,
    deletePrompt: input.deletePrompt ?? `Are you sure you want to delete this ${label.toLowerCase()}?`,
    storedFields,
    writableFields,
    searchable,
    sortable,
    filterable,
    columns,
    levelFields,
    createSchema: z.object(createShape),
    updateSchema: z.object(updateShape),
    rowSchema: z.object(rowShape),
  };
}

/** snake_case column name of a camelCase field. */
export const columnName = (field: string) => field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
