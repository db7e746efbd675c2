import { afterAll, describe, expect, it } from 'vitest';
import { ELF, SVG } from '../test/images';
import { createSvgChecker } from './svg-checker';

/** The SVG sanitiser on its worker thread, as the upload uses it (docs/domain.md#assets). */
const checker = createSvgChecker();
afterAll(() => checker.close());

/** Starting the thread (tsx, then jsdom) takes seconds on a busy machine; no assertion is about time. */
const SLOW_START = { timeout: 120_000 };

const text = (outcome: { kind: string; bytes?: Uint8Array }) => Buffer.from(outcome.bytes ?? []).toString('utf8');

describe('createSvgChecker', () => {
  it('sanitises on its thread, one file after another', SLOW_START, async () => {
    const hostile = SVG.replace('<rect ', '<script>alert(1)</script><rect onload="alert(2)" ');
    const [first, second] = await Promise.all([checker.check(Buffer.from(hostile)), checker.check(Buffer.from(SVG))]);
    expect(first?.kind).toBe('svg');
    expect(text(first as { kind: string; bytes: Uint8Array })).not.toMatch(/script|onload|alert/);
    expect(text(first as { kind: string; bytes: Uint8Array })).toContain('<rect');
    expect(second?.kind).toBe('svg');
    expect(await checker.check(ELF)).toEqual({ kind: 'not-svg' });
    expect(await checker.check(Buffer.from('<html><body>hi</body></html>'))).toEqual({ kind: 'not-svg' });
  });

  it(
    'gives up on a file still running at its time limit, and starts a new thread for the next',
    SLOW_START,
    async () => {
      // Thousands of nested groups take jsdom seconds: far past a limit of 0 ms, on any machine.
      const deep = `<svg xmlns="http://www.w3.org/2000/svg">${'<g>'.repeat(3000)}${'</g>'.repeat(3000)}</svg>`;
      const hasty = createSvgChecker({ timeoutMs: 0 });
      try {
        expect(await hasty.check(Buffer.from(deep))).toEqual({ kind: 'too-complex' });
        expect(await hasty.check(Buffer.from(deep))).toEqual({ kind: 'too-complex' });
      } finally {
        await hasty.close();
      }
      expect((await checker.check(Buffer.from(SVG))).kind).toBe('svg');
    },
  );
});
