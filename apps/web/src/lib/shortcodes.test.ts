import { describe, expect, it } from 'vitest';
import { loginPathFrom, nextPath, shortcodesOf } from './shortcodes';

describe('shortcodesOf', () => {
  it.each([
    ['/AbCdEfGhIjKl/MnOpQrStUvWx', { groupShortcode: 'AbCdEfGhIjKl', clientShortcode: 'MnOpQrStUvWx' }],
    ['/AbCdEfGhIjKl/Mn-pQr_tUvWx/liveperformance', { groupShortcode: 'AbCdEfGhIjKl', clientShortcode: 'Mn-pQr_tUvWx' }],
    ['/AbCdEfGhIjKl', null],
    ['/location/12', null],
    ['/notificationspage', null],
    ['/AbCdEfGhIjK!/MnOpQrStUvWx', null],
  ])('%s', (path, codes) => {
    expect(shortcodesOf(path)).toEqual(codes);
  });
});

describe('sign-in and back', () => {
  it('keeps a client link through sign-in, and only a client link', () => {
    expect(loginPathFrom('/AbCdEfGhIjKl/MnOpQrStUvWx')).toBe('/user/login?next=%2FAbCdEfGhIjKl%2FMnOpQrStUvWx');
    expect(loginPathFrom('/admin/group')).toBe('/user/login');
    expect(loginPathFrom('/')).toBe('/user/login');
  });

  it.each([
    ['?next=%2FAbCdEfGhIjKl%2FMnOpQrStUvWx', '/AbCdEfGhIjKl/MnOpQrStUvWx'],
    ['?next=%2Fprofile', '/profile'],
    ['?next=https%3A%2F%2Fevil.example', null],
    ['?next=%2F%2Fevil.example', null],
    ['?next=%2F%5Cevil.example', null],
    ['', null],
  ])('returns to %s -> %s', (search, next) => {
    expect(nextPath(search)).toBe(next);
  });
});
