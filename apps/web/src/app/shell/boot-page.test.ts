import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { DEFAULT_THEME, PAGE_THEME_ELEMENT_ID } from '@greenpod/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { INTRO } from '../../features/dashboard/dashboard-heading';
import { saveSession } from '../../lib/session';
import { TEST_USER } from '../../test/users';
import { rememberTheme } from '../theme/known-theme';
import { bootPage } from './boot-page';
import { shellColors } from './shell-colors';
import { SHELL_ATTRIBUTE } from './static-view';

// index.html as the server sends it: its body is the static first view the boot script shows or not.
const indexHtml = readFileSync(resolve(import.meta.dirname, '../../../index.html'), 'utf8');
const NAVY = {
  ...DEFAULT_THEME,
  backgroundColor: '#0f1b2d',
  foregroundColor: '#18293f',
  primaryActionColor: '#d4a24c',
};
const GROUP = 'AbCdEfGhIjKl';
const CLIENT = 'MnOpQrStUvWx';

const html = document.documentElement;
const shown = () => html.hasAttribute(SHELL_ATTRIBUTE);
const variable = (name: string) => html.style.getPropertyValue(`--greenpod-shell-${name}`);

function open(path: string, pageTheme?: object) {
  window.history.replaceState(null, '', path);
  document.body.innerHTML = new DOMParser().parseFromString(indexHtml, 'text/html').body.innerHTML;
  if (pageTheme) {
    const element = Object.assign(document.createElement('script'), {
      type: 'application/json',
      id: PAGE_THEME_ELEMENT_ID,
      textContent: JSON.stringify(pageTheme),
    });
    document.head.append(element);
  }
}

beforeEach(() => {
  html.removeAttribute(SHELL_ATTRIBUTE);
  html.removeAttribute('style');
});
afterEach(() => {
  document.getElementById(PAGE_THEME_ELEMENT_ID)?.remove();
  document.body.innerHTML = '';
  window.history.replaceState(null, '', '/');
});

describe('index.html and its boot script', () => {
  it("copies the dashboard's intro word for word", () => {
    open('/');
    expect(document.querySelector('.greenpod-shell-intro')?.textContent).toBe(INTRO);
  });

  it('shows a visitor without a session nothing of the dashboard, and sets the scheme all the same', () => {
    localStorage.setItem('greenpod_colorScheme', 'dark');
    open('/');
    bootPage(() => false);
    expect(html.getAttribute('data-mantine-color-scheme')).toBe('dark');
    expect(shown()).toBe(false);
  });

  it("shows a session's dashboard in the default theme, and 'auto' follows the system", () => {
    saveSession('tok', TEST_USER);
    open('/');
    bootPage(() => true);
    expect(html.getAttribute('data-mantine-color-scheme')).toBe('dark');
    expect(shown()).toBe(true);
    expect(variable('page')).toBe(shellColors(DEFAULT_THEME, 'dark').page);
    expect(document.getElementById('greenpod-shell-year')?.textContent).toBe(String(new Date().getFullYear()));
  });

  it('shows no copy of the dashboard on the pages that are not the dashboard', () => {
    saveSession('tok', TEST_USER);
    for (const path of ['/user/login', '/alerts', '/admin/group', `/${GROUP}/${CLIENT}/alerts`]) {
      open(path);
      bootPage(() => false);
      expect(shown(), path).toBe(false);
    }
  });

  it("wears on a client's link the theme its page carries, its logo too", () => {
    saveSession('tok', TEST_USER);
    const logo = '/api/asset/file/7';
    open(`/${GROUP}/${CLIENT}`, {
      groupShortcode: GROUP,
      clientShortcode: CLIENT,
      theme: { ...NAVY, primaryLogo: logo },
    });
    bootPage(() => false);
    expect(shown()).toBe(true);
    expect(variable('page')).toBe(shellColors(NAVY, 'light').page);
    expect(variable('brand')).toBe(shellColors(NAVY, 'light').brand);
    expect(document.querySelector('#greenpod-shell-brand img')?.getAttribute('src')).toBe(logo);
  });

  it("wears the role's theme this browser wore last, and the default for a page that carries another client's", () => {
    saveSession('tok', TEST_USER);
    rememberTheme({ kind: 'role', roleId: TEST_USER.roleId }, NAVY);
    open('/');
    bootPage(() => false);
    expect(variable('page')).toBe(shellColors(NAVY, 'light').page);

    open(`/${GROUP}/${CLIENT}`, { groupShortcode: GROUP, clientShortcode: 'ZZZZZZZZZZZZ', theme: NAVY });
    bootPage(() => false);
    expect(variable('page')).toBe(shellColors(DEFAULT_THEME, 'light').page);
  });
});
