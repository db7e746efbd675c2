import { z } from 'zod';
import { MESSAGES } from './messages';
import { plainText, type TextKind } from './plain-text';
import { isDateOnly } from './time/date-only';

/** How a field shows up and is checked; one of these per entity field, shared by server and web. */
interface FieldBase {
  label: string;
  required?: boolean;
  /** Case-insensitive "contains" search and baseSearch cover this column. */
  search?: boolean;
  /** The list may sort on this column. */
  sort?: boolean;
  /** Made by the server; never accepted in a body. */
  readOnly?: boolean;
  /** Accepted in a body, never returned (passwords). */
  writeOnly?: boolean;
  /** Only required when creating (passwords). */
  requiredOnCreate?: boolean;
  /** Accepted and checked (cascade consistency) but not stored in this table. */
  virtual?: boolean;
  /** Hidden from the admin form (filled by the server, e.g. inherited ancestor ids). */
  hideInForm?: boolean;
  placeholder?: string;
}

export type FieldDef =
  | (FieldBase & {
      kind: 'text';
      max?: number;
      format?: 'email' | 'color' | 'multiline' | 'password' | 'slug' | 'date';
    })
  | (FieldBase & {
      kind: 'number';
      int?: boolean;
      min?: number;
      max?: number;
      /** What is said for a value that is not a number (default MESSAGES.invalidNumber). */
      notANumber?: string;
    })
  | (FieldBase & { kind: 'flag'; default?: boolean })
  | (FieldBase & { kind: 'enum'; values: readonly (string | number)[] })
  | (FieldBase & {
      kind: 'ref';
      entity: string;
      parent?: string;
      /**
       * The target row's column that names an option (default `title`), or several joined with " · " when one
       * alone does not tell the rows apart (a notification's type, pod, sensor and time).
       */
      optionLabel?: string | readonly string[];
    })
  | (FieldBase & {
      kind: 'tags';
      values: readonly string[];
      /** A checkbox's label per value, where the form should not show the value's default label. */
      valueLabels?: Readonly<Record<string, string>>;
    })
  | (FieldBase & { kind: 'shortcode' });

export type FieldKind = FieldDef['kind'];

/**
 * The `default` of every switch over a field kind: its argument is `never` once each kind has a case,
 * so a new kind fails to compile at every switch that does not handle it yet.
 */
export function unhandledKind(kind: never): never {
  throw new Error(`Unhandled field kind ${JSON.stringify(kind)}`);
}

type Opts<K extends FieldDef['kind']> = Omit<Extract<FieldDef, { kind: K }>, 'kind'>;

export const text = (o: Opts<'text'>): FieldDef => ({ kind: 'text', ...o });
export const number = (o: Opts<'number'>): FieldDef => ({ kind: 'number', ...o });
export const flag = (o: Opts<'flag'>): FieldDef => ({ kind: 'flag', ...o });
export const choice = (values: readonly (string | number)[], o: Omit<Opts<'enum'>, 'values'>): FieldDef => ({
  kind: 'enum',
  values,
  ...o,
});
export const ref = (entity: string, o: Omit<Opts<'ref'>, 'entity'>): FieldDef => ({ kind: 'ref', entity, ...o });
export const tags = (values: readonly string[], o: Omit<Opts<'tags'>, 'values'>): FieldDef => ({
  kind: 'tags',
  values,
  ...o,
});
export const shortcode = (o: Omit<Opts<'shortcode'>, 'readOnly'>): FieldDef => ({
  kind: 'shortcode',
  readOnly: true,
  ...o,
});

const blankToUndefined = (v: unknown) => (v === null || v === '' ? undefined : v);
const toNumber = (v: unknown) => {
  const b = blankToUndefined(v);
  if (typeof b === 'string' && b.trim() !== '' && Number.isFinite(Number(b))) return Number(b);
  return b;
};
const toBoolean = (v: unknown) => {
  if (v === 1 || v === '1' || v === 'true' || v === true) return true;
  if (v === 0 || v === '0' || v === 'false' || v === false) return false;
  return blankToUndefined(v);
};

const required = MESSAGES.required;
const typeError = (fallback: string) => (issue: { input?: unknown }) =>
  issue.input === undefined ? required : fallback;

/** The zod schema of one field's input value (before optional/required wrapping). */
function inputSchema(f: FieldDef): z.ZodType {
  switch (f.kind) {
    case 'text': {
      const max = f.max ?? (f.format === 'multiline' ? 4000 : 255);
      const kind: TextKind = f.format === 'multiline' ? 'multiline' : f.format === 'password' ? 'secret' : 'line';
      let s = plainText(
        z
          .string({ error: typeError(required) })
          .trim()
          .min(1, required)
          .max(max, MESSAGES.tooLong(max)),
        kind,
      );
      if (f.format === 'email') s = s.toLowerCase().pipe(z.email(MESSAGES.invalidEmail)) as unknown as typeof s;
      if (f.format === 'color') s = s.regex(/^#[0-9a-fA-F]{3,8}$/, MESSAGES.invalidColor);
      if (f.format === 'slug') s = s.regex(/^[A-Za-z0-9_.-]+$/, MESSAGES.invalidSlug);
      if (f.format === 'password') s = s.min(8, MESSAGES.passwordTooShort).max(200, MESSAGES.tooLong(200));
      if (f.format === 'date') s = s.refine(isDateOnly, MESSAGES.invalidDate);
      return z.preprocess(blankToUndefined, s);
    }
    case 'number': {
      const notANumber = f.notANumber ?? MESSAGES.invalidNumber;
      let n = z.number({ error: typeError(notANumber) });
      if (f.int) n = n.int(notANumber);
      if (f.min !== undefined && f.max !== undefined) {
        const msg = MESSAGES.outOfRange(f.min, f.max);
        n = n.min(f.min, msg).max(f.max, msg);
      }
      return z.preprocess(toNumber, n);
    }
    case 'flag':
      return z.preprocess(toBoolean, z.boolean({ error: typeError('Please choose yes or no') }));
    case 'enum': {
      const msg = MESSAGES.chooseOneOf(f.values);
      const numeric = f.values.every((v) => typeof v === 'number');
      return z.preprocess(
        numeric ? toNumber : blankToUndefined,
        z
          .custom<string | number>((v) => f.values.includes(v as string | number), {
            error: (issue) => (issue.input === undefined ? required : msg),
          })
          // A custom check has no JSON Schema of its own: say what it accepts for the OpenAPI document.
          .meta({ type: numeric ? 'number' : 'string', enum: [...f.values] }),
      );
    }
    case 'ref':
      return z.preprocess(
        toNumber,
        z
          .number({ error: typeError(required) })
          .int(required)
          .positive(required),
      );
    case 'tags':
      return z.preprocess(
        blankToUndefined,
        z
          .array(z.enum(f.values as [string, ...string[]]), { error: typeError(MESSAGES.selectAtLeastOne) })
          .min(1, MESSAGES.selectAtLeastOne)
          .transform((a) => [...new Set(a)]),
      );
    case 'shortcode':
      return z.string();
    default:
      return unhandledKind(f);
  }
}

/** Input schema of a field for create or update bodies. */
export function fieldInput(f: FieldDef, mode: 'create' | 'update'): z.ZodType {
  const base = inputSchema(f);
  const isRequired = mode === 'create' && (f.required || f.requiredOnCreate);
  if (isRequired) return base;
  // On update a required field may be left out, but not blanked.
  if (mode === 'update' && f.required) return base.optional();
  if (f.kind === 'flag' && mode === 'create') return base.optional().default(f.default ?? false);
  // An optional field may be sent blank to clear it: blank becomes null.
  return z.preprocess((v) => (v === '' ? null : v), base.nullable().optional());
}

/** Output schema of a stored field in a row. */
export function fieldOutput(f: FieldDef): z.ZodType {
  switch (f.kind) {
    case 'number':
    case 'ref':
      return z.number().nullable();
    case 'flag':
      return z.boolean();
    case 'enum':
      return f.values.every((v) => typeof v === 'number') ? z.number().nullable() : z.string().nullable();
    case 'tags':
      return z.array(z.string());
    case 'text':
    case 'shortcode':
      return z.string().nullable();
    default:
      return unhandledKind(f);
  }
}
