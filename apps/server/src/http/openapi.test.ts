import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('OpenAPI document', () => {
  it('names the licence the code is published under (LICENSE)', async () => {
    const doc = await t.call('GET', '/api/docs/json');
    expect(doc.status).toBe(200);
    expect((doc.body as unknown as { info: { license: unknown } }).info.license).toEqual({
      name: 'Apache-2.0',
      url: 'https://www.apache.org/licenses/LICENSE-2.0',
    });
  });
});
