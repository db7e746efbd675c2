import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages';
import { client, RESOURCES, tip, user } from './resources/index';

describe('defineResource', () => {
  it('derives create validation with the spec messages', () => {
    const r = client.createSchema.safeParse({ title: '', description: 'x' });
    expect(r.success).toBe(false);
    const issues = r.error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues).toContainEqual(['title', MESSAGES.required]);
    expect(issues).toContainEqual(['groupId', MESSAGES.required]);
  });

  it('accepts 1 or true as an active flag and numeric strings as ids', () => {
    const r = client.createSchema.parse({ groupId: '3', title: 'A', description: 'B', active: 1 });
    expect(r).toMatchObject({ groupId: 3, active: true });
  });

  it('never lists a write-only field in rows', () => {
    expect(Object.keys(user.rowSchema.shape)).not.toContain('password');
    expect(
      user.rowSchema.parse({
        id: 1,
        roleId: 1,
        assetId: null,
        firstName: 'a',
        lastName: 'b',
        email: 'e',
        active: true,
        verified: false,
        roleTitle: 'Admin',
        created: 'x',
        updated: 'y',
        password: 'leak',
      }),
    ).not.toHaveProperty('password');
  });

  it('requires at least one tip tag', () => {
    const r = tip.createSchema.safeParse({
      groupId: 1,
      clientId: 1,
      locationId: 1,
      title: 't',
      description: 'd',
      tags: [],
    });
    expect(r.error?.issues[0]?.message).toBe(MESSAGES.selectAtLeastOne);
  });

  it('gives every resource a list whose columns are known fields, joins or system columns', () => {
    for (const r of RESOURCES) {
      const known = new Set([...Object.keys(r.rowSchema.shape)]);
      for (const c of r.columns) expect(known.has(c.key), `${r.name}.${c.key}`).toBe(true);
      for (const j of Object.values(r.joins ?? {})) expect(r.fields[j.via.split('.')[0] ?? '']?.kind).toBe('ref');
    }
  });
});

describe('the select placeholder', () => {
  it('takes "an" before a vowel sound and "a" before a consonant or a "you" sound', () => {
    expect(MESSAGES.selectPlaceholder('Area')).toBe('Please select an Area');
    expect(MESSAGES.selectPlaceholder('Alert')).toBe('Please select an Alert');
    expect(MESSAGES.selectPlaceholder('Pod')).toBe('Please select a Pod');
    expect(MESSAGES.selectPlaceholder('User')).toBe('Please select a User');
    expect(MESSAGES.selectPlaceholder('Role')).toBe('Please select a Role');
  });
});
