import { measurement, pod } from '@greenpod/contracts';
import { describe, expect, it } from 'vitest';
import { insertTarget } from './tables';

describe('insertTarget: bulk INSERT column lists', () => {
  it('names the table and columns from the registry', () => {
    expect(insertTarget(pod, ['groupId', 'identifier'])).toBe('"pod" ("group_id", "identifier")');
  });

  it('refuses a field the resource does not store, and a misspelt one does not compile', () => {
    expect(() => insertTarget(measurement, ['groupId'])).toThrow(/measurement does not store groupId/);
    // @ts-expect-error 'identifer' is not a pod field.
    expect(() => insertTarget(pod, ['identifer'])).toThrow(/pod does not store identifer/);
  });
});
