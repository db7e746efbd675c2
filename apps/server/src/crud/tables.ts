import { columnName, type FieldDef, RESOURCE_BY_NAME, type Resource } from '@greenpod/contracts';

/** Table of an entity, for the registry's resources and the few tables later issues own. */
export function tableOf(entity: string): string {
  return RESOURCE_BY_NAME.get(entity)?.table ?? entity.replaceAll('-', '_');
}

export const q = (identifier: string) => `"${identifier.replaceAll('"', '""')}"`;
export const col = (alias: string, field: string) => `${alias}.${q(columnName(field))}`;

/** Resources whose stored refs point at `entity`, with the field that points. */
export function dependantsOf(entity: string, all: readonly Resource[]) {
  const out: { resource: Resource; field: string }[] = [];
  for (const r of all) {
    for (const field of r.storedFields) {
      const f = r.fields[field];
      if (f?.kind === 'ref' && f.entity === entity) out.push({ resource: r, field });
    }
  }
  return out;
}

/**
 * `<table> (<columns>)` of a bulk `INSERT ... SELECT`, every column named from the registry: for the
 * rows a seed writes by the hundred (sensor links, rules, alerts, tariffs) in one statement.
 */
export function insertTarget<F extends Record<string, FieldDef>>(
  resource: Resource<string, F>,
  fields: readonly (keyof F & string)[],
): string {
  for (const f of fields)
    if (!resource.storedFields.includes(f)) throw new Error(`${resource.name} does not store ${f}`);
  return `${q(resource.table)} (${fields.map((f) => q(columnName(f))).join(', ')})`;
}
