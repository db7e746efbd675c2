import { describe, expect, it } from 'vitest';
import { redactUrl } from './logger-options';

describe('redactUrl', () => {
  it.each([
    ['/api/live?token=abc.def.ghi', '/api/live?token=[redacted]'],
    ['/api/live?x=1&token=abc&y=2', '/api/live?x=1&token=[redacted]&y=2'],
    ['/api/group?dataTableParams=%7B%7D', '/api/group?dataTableParams=%7B%7D'],
    ['/api/user/resetPassword/abc-DEF_1', '/api/user/resetPassword/[redacted]'],
    ['/user/resetPassword/abc?x=1', '/user/resetPassword/[redacted]?x=1'],
    ['/api/user/resetPassword', '/api/user/resetPassword'],
  ])('%s', (url, expected) => expect(redactUrl(url)).toBe(expected));
});
