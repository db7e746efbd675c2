import { RESOURCES } from '@greenpod/contracts';
import { describe, expect, it } from 'vitest';
import { ADMIN_NAV } from './nav-items';

const adminLinks = ADMIN_NAV.flatMap((section) => section.items.map((item) => item.to));

describe('admin sidebar', () => {
  it('links every registry resource, so none is reachable only by typing its address', () => {
    const missing = RESOURCES.filter((r) => !adminLinks.includes(`/admin/${r.name}`)).map((r) => r.name);
    expect(missing, `resources missing from the admin sidebar: ${missing.join(', ')}`).toEqual([]);
  });

  it('keeps the three groups in their order, each link once', () => {
    expect(ADMIN_NAV.map((s) => s.title)).toEqual(['Admin', 'Role', 'Controls']);
    expect(new Set(adminLinks).size).toBe(adminLinks.length);
  });
});
