import { afterEach, vi } from 'vitest';

// A console.error during a test is a bug we would otherwise miss (epic-stack's rule).
const spy = vi.spyOn(console, 'error');
afterEach(() => {
  const calls = spy.mock.calls;
  spy.mockClear();
  if (calls.length) throw new Error(`console.error was called: ${calls.map((c) => c.join(' ')).join('\n')}`);
});
