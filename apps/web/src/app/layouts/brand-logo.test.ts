import { describe, expect, it } from 'vitest';
import { brandLogo } from './brand-logo';

const P = '/api/asset/file/1';
const S = '/api/asset/file/2';

describe('brandLogo', () => {
  it.each([
    ['both, light', { primaryLogo: P, secondaryLogo: S }, 'light', P],
    ['both, dark: the mark for dark surfaces', { primaryLogo: P, secondaryLogo: S }, 'dark', S],
    ['primary only, dark', { primaryLogo: P, secondaryLogo: null }, 'dark', P],
    ['secondary only, light: the wordmark', { primaryLogo: null, secondaryLogo: S }, 'light', null],
    ['secondary only, dark', { primaryLogo: null, secondaryLogo: S }, 'dark', S],
    ['none', { primaryLogo: null, secondaryLogo: null }, 'dark', null],
    ['an empty name counts as none', { primaryLogo: '', secondaryLogo: '' }, 'dark', null],
  ] as const)('%s', (_, theme, scheme, expected) => {
    expect(brandLogo(theme, scheme)).toBe(expected);
  });
});
