import { describe, expect, it } from 'vitest';
import { themePath, themeSource } from './theme-source';

const client = { kind: 'client', groupShortcode: 'AbCdEfGhIjKl', clientShortcode: 'MnOpQrStUvWx' };

describe('themeSource', () => {
  it.each([
    ['a client link', '/AbCdEfGhIjKl/MnOpQrStUvWx', '', 3, client],
    ['live performance by shortcodes', '/AbCdEfGhIjKl/MnOpQrStUvWx/liveperformance', '', null, client],
    ['sign-in reached from a client link', '/user/login', '?next=%2FAbCdEfGhIjKl%2FMnOpQrStUvWx', null, client],
    ['a signed-in user', '/settings', '', 3, { kind: 'role', roleId: 3 }],
    ['nobody, nothing', '/user/login', '', null, { kind: 'default' }],
    ['a next path without shortcodes', '/user/login', '?next=%2Fprofile', null, { kind: 'default' }],
  ] as const)('%s', (_, pathname, search, roleId, expected) => {
    expect(themeSource(pathname, search, roleId)).toEqual(expected);
  });

  it('names the endpoint of each source', () => {
    expect(themePath(client as never)).toBe('/configuration/AbCdEfGhIjKl/MnOpQrStUvWx');
    expect(themePath({ kind: 'role', roleId: 3 })).toBe('/configuration/role/3');
    expect(themePath({ kind: 'default' })).toBe('/configuration/default');
  });
});
