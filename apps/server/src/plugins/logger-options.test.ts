import { describe, expect, it } from 'vitest';
import { redactUrl } from './logger-options';

describe('redactUrl', () => {
  it.each([
    ['/api/live?token=abc.def.ghi', '/api/live?token=[redacted]'],
    ['/api/live?x=1&token=abc&y=2', '/api/live?x=1&token=[redacted]&y=2'],
    ['/api/group?dataTableParams=%7B%7D', '/api/group?dataTableParams=%7B%7D'],
  ])('%s', (url, expected) => expect(redactUrl(url)).toBe(expected));
});
