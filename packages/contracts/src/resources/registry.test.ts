import { describe, expect, it } from 'vitest';
import { checkApplies } from '../define-resource';
import { type FieldDef, unhandledKind } from '../fields';
import { entryFor, pod, RESOURCE_BY_NAME, RESOURCE_NAMES, RESOURCES, type ResourceName, rule, user } from './index';

describe('the registry', () => {
  it('names each resource once, and RESOURCE_NAMES lists them all', () => {
    expect(RESOURCE_NAMES).toEqual(RESOURCES.map((r) => r.name));
    expect(new Set(RESOURCE_NAMES).size).toBe(RESOURCES.length);
  });

  it('types resource names, so a map keyed by them rejects a typo at compile time', () => {
    const known: ResourceName = 'user-notification';
    // @ts-expect-error 'pods' is not a registry resource.
    const typo: ResourceName = 'pods';
    const notes = { pod: 'ingest key' } satisfies Partial<Record<ResourceName, string>>;
    // @ts-expect-error a misspelt key is an excess property of the typed map.
    const misspelt = { podd: 'ingest key' } satisfies Partial<Record<ResourceName, string>>;
    expect([known, typo, misspelt.podd]).toHaveLength(3);
    expect(entryFor<string>(notes, pod)).toBe('ingest key');
    expect(entryFor<string>(notes, user)).toBeUndefined();
    expect(entryFor<string>(notes, { name: 'asset' })).toBeUndefined();
  });

  it('declares default columns among its list columns, and shows every column of a list that declares none', () => {
    for (const resource of RESOURCES) {
      for (const key of resource.defaultColumns ?? []) expect(resource.list, resource.name).toContain(key);
      const shown = resource.columns.filter((c) => c.defaultVisible).map((c) => c.key);
      expect(shown, resource.name).toEqual(
        resource.defaultColumns ? resource.list.filter((k) => resource.defaultColumns?.includes(k)) : resource.list,
      );
    }
  });

  it('names only real fields in its row checks, and a lookup reads a stored column of the ref’s row', () => {
    for (const resource of RESOURCES) {
      for (const check of resource.checks ?? []) {
        for (const key of [check.field, ...check.inputs]) expect(resource.fields, resource.name).toHaveProperty(key);
        if (!check.lookup) continue;
        const via = resource.fields[check.lookup.via];
        expect(via?.kind, `${resource.name}.${check.lookup.via}`).toBe('ref');
        const target = via?.kind === 'ref' ? RESOURCE_BY_NAME.get(via.entity) : undefined;
        expect(target?.storedFields).toContain(check.lookup.column);
      }
    }
  });

  it('owns only resources that store a ref to it', () => {
    for (const resource of RESOURCES) {
      for (const name of resource.owns ?? []) {
        const owned = RESOURCE_BY_NAME.get(name);
        const refs = Object.entries(owned?.fields ?? {}).filter(
          ([key, f]) => f.kind === 'ref' && f.entity === resource.name && owned?.storedFields.includes(key),
        );
        expect(refs.length, `${resource.name} owns ${name}`).toBeGreaterThan(0);
      }
    }
  });

  it('runs a row check on create, and on update only when one of its inputs changes', () => {
    const [threshold] = rule.checks ?? [];
    if (!threshold) throw new Error('the rule has a threshold check');
    const stored = { thresholdValue: 30, sensorId: 4, title: 'Warm' };
    expect(checkApplies(threshold, { thresholdValue: 30 })).toBe(true);
    expect(checkApplies(threshold, { title: 'Hot' }, stored)).toBe(false);
    expect(checkApplies(threshold, { thresholdValue: '30', sensorId: 4 }, stored)).toBe(false);
    expect(checkApplies(threshold, { thresholdValue: 31 }, stored)).toBe(true);
    expect(checkApplies(threshold, { sensorId: 5 }, stored)).toBe(true);
  });

  it('makes a switch over field kinds exhaustive: an unhandled kind does not compile', () => {
    const describeKind = (f: FieldDef) => {
      switch (f.kind) {
        case 'text':
        case 'number':
        case 'flag':
        case 'enum':
        case 'ref':
        case 'tags':
          return f.kind;
        default:
          // @ts-expect-error 'shortcode' has no case above, so f is not never here.
          return unhandledKind(f);
      }
    };
    expect(describeKind({ kind: 'text', label: 'Title' })).toBe('text');
    expect(() => describeKind({ kind: 'shortcode', label: 'Code' })).toThrow(/Unhandled field kind/);
  });
});
