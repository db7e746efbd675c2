import { describe, expect, it } from 'vitest';
import { type FieldDef, unhandledKind } from '../fields';
import { entryFor, pod, RESOURCE_NAMES, RESOURCES, type ResourceName, user } from './index';

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
