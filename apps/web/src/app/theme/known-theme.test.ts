import { DEFAULT_THEME, PAGE_THEME_ELEMENT_ID } from '@greenpod/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { knownTheme, pageTheme, rememberTheme } from './known-theme';

const client = { kind: 'client', groupShortcode: 'AbCdEfGhIjKl', clientShortcode: 'MnOpQrStUvWx' } as const;
const themed = (primaryActionColor: string) => ({ ...DEFAULT_THEME, primaryActionColor });

function carry(text: string) {
  const element = Object.assign(document.createElement('script'), {
    type: 'application/json',
    id: PAGE_THEME_ELEMENT_ID,
  });
  element.textContent = text;
  document.head.append(element);
}
afterEach(() => document.getElementById(PAGE_THEME_ELEMENT_ID)?.remove());

describe('the theme known before any request', () => {
  it("is the page's own for its client, fresh", () => {
    carry(
      JSON.stringify({
        groupShortcode: client.groupShortcode,
        clientShortcode: client.clientShortcode,
        theme: themed('#d4a24c'),
      }),
    );
    expect(knownTheme(client)).toEqual({ theme: themed('#d4a24c'), fresh: true });
    expect(knownTheme({ ...client, clientShortcode: 'ZZZZZZZZZZZZ' })).toBeNull();
  });

  it('is nothing from a page whose theme is not one', () => {
    carry('{"groupShortcode":"AbCdEfGhIjKl","clientShortcode":"MnOpQrStUvWx","theme":{"primaryActionColor":1}}');
    expect(pageTheme()).toBeNull();
    document.getElementById(PAGE_THEME_ELEMENT_ID)?.remove();
    carry('{not json');
    expect(pageTheme()).toBeNull();
  });

  it('is the one this browser wore last for a role, to be asked for again', () => {
    expect(knownTheme({ kind: 'role', roleId: 3 })).toBeNull();
    rememberTheme({ kind: 'role', roleId: 3 }, themed('#111111'));
    expect(knownTheme({ kind: 'role', roleId: 3 })).toEqual({ theme: themed('#111111'), fresh: false });
    expect(knownTheme({ kind: 'role', roleId: 4 })).toBeNull();
  });

  it('keeps the eight most recent, the latest wear of one counting as recent', () => {
    for (let roleId = 1; roleId <= 9; roleId++) rememberTheme({ kind: 'role', roleId }, themed('#222222'));
    rememberTheme({ kind: 'role', roleId: 2 }, themed('#333333'));
    rememberTheme({ kind: 'role', roleId: 10 }, themed('#444444'));
    expect(knownTheme({ kind: 'role', roleId: 1 })).toBeNull();
    expect(knownTheme({ kind: 'role', roleId: 3 })).toBeNull();
    expect(knownTheme({ kind: 'role', roleId: 2 })?.theme.primaryActionColor).toBe('#333333');
    expect(knownTheme({ kind: 'role', roleId: 10 })).not.toBeNull();
  });

  it('is the default for the default, and survives a hand-edited store', () => {
    expect(knownTheme({ kind: 'default' })).toEqual({ theme: DEFAULT_THEME, fresh: true });
    localStorage.setItem('greenpod_themes', '[oops');
    expect(knownTheme({ kind: 'role', roleId: 3 })).toBeNull();
  });
});
