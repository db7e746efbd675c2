import { CSP_NONCE_PLACEHOLDER } from '@greenpod/contracts';
import { describe, expect, it } from 'vitest';
import viteConfig from '../../vite.config';
import { readCspNonce } from './csp-nonce';

const page = (head: string) => new DOMParser().parseFromString(`<html><head>${head}</head></html>`, 'text/html');

describe('readCspNonce', () => {
  it('reads the nonce the server put in the page', () => {
    expect(readCspNonce(page('<meta property="csp-nonce" nonce="aBc+/9=">'))).toBe('aBc+/9=');
  });

  it('has none where the build placeholder stands (vite dev) or no meta is (tests)', () => {
    expect(readCspNonce(page(`<meta property="csp-nonce" nonce="${CSP_NONCE_PLACEHOLDER}">`))).toBeUndefined();
    expect(readCspNonce(page(''))).toBeUndefined();
  });

  it('the build writes the placeholder the server fills in', () => {
    expect(viteConfig.html?.cspNonce).toBe(CSP_NONCE_PLACEHOLDER);
  });
});
