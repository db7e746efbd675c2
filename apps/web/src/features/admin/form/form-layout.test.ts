import { describe, expect, it } from 'vitest';
import { formLayout, type LayoutItem } from './form-layout';
import type { FormField } from './form-model';

const fields: FormField[] = ['a', 'b', 'c', 'd', 'e', 'f'].map((key) => ({
  key,
  def: { kind: 'text', label: key.toUpperCase() },
}));

/** A layout as one short line: keys, [widget], Title(keys). */
const shape = (items: LayoutItem[]) =>
  items
    .map((i) =>
      i.kind === 'field'
        ? i.field.key
        : i.kind === 'widget'
          ? `[${i.key}]`
          : `${i.title}(${i.fields.map((f) => f.key).join('')})`,
    )
    .join(' ');

describe('formLayout', () => {
  it.each([
    ['nothing extra: every field in its place', undefined, 'a b c d e f'],
    ['a widget stands where its first field was', { draws: ['b', 'c'] }, 'a [b] d e f'],
    ['a widget of fields apart', { draws: ['b', 'e'] }, 'a [b] c d f'],
    ['a section where its first field was', { sections: [{ title: 'S', fields: ['c', 'e'] }] }, 'a b S(ce) d f'],
    [
      'sections in the order their first fields come',
      {
        sections: [
          { title: 'Late', fields: ['f', 'e'] },
          { title: 'Early', fields: ['b'] },
        ],
      },
      'a Early(b) c d Late(ef)',
    ],
    [
      'a widget and sections together; a drawn field is not drawn again in a section',
      { draws: ['a', 'b'], sections: [{ title: 'S', fields: ['b', 'd', 'e'] }] },
      '[a] c S(de) f',
    ],
    [
      'a section naming no field of the form draws nothing',
      { sections: [{ title: 'S', fields: ['z'] }] },
      'a b c d e f',
    ],
  ] as const)('%s', (_, extra, expected) => {
    expect(shape(formLayout(fields, extra))).toBe(expected);
  });
});
