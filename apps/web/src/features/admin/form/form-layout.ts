import type { FormExtra } from './form-extras';
import type { FormField } from './form-model';

/** What the form draws, in order: a generic input, the entity's widget, or a titled group of inputs. */
export type LayoutItem =
  | { kind: 'field'; field: FormField }
  | { kind: 'widget'; key: string }
  | { kind: 'section'; title: string; fields: FormField[] };

/**
 * The order of a form: each field in its place, except that the widget stands where the first field it
 * draws would be (the others it draws are left out), and a section where the first of its fields would be,
 * holding its fields in their own order.
 */
export function formLayout(fields: readonly FormField[], extra?: Pick<FormExtra, 'draws' | 'sections'>): LayoutItem[] {
  const drawn = extra?.draws ?? [];
  const sections = extra?.sections ?? [];
  const sectionOf = (key: string) => sections.find((s) => s.fields.includes(key));
  const placed = new Set<string>();
  const items: LayoutItem[] = [];
  for (const field of fields) {
    if (drawn.includes(field.key)) {
      if (field.key === drawn[0]) items.push({ kind: 'widget', key: field.key });
      continue;
    }
    const section = sectionOf(field.key);
    if (!section) {
      items.push({ kind: 'field', field });
      continue;
    }
    if (placed.has(section.title)) continue;
    placed.add(section.title);
    items.push({
      kind: 'section',
      title: section.title,
      fields: fields.filter((f) => section.fields.includes(f.key) && !drawn.includes(f.key)),
    });
  }
  return items;
}
