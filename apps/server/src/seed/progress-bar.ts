/**
 * A text progress bar for the first start, which takes a minute: without it the server looks hung.
 * On a terminal it redraws one line in place; elsewhere (logs, CI) it prints each phase once when it
 * ends, so the log stays short.
 */
export interface Progress {
  phase(name: string, total: number): void;
  tick(done?: number): void;
  end(): void;
}

export function progressBar(out: NodeJS.WriteStream = process.stdout, width = 30): Progress {
  const started = Date.now();
  let name = '';
  let total = 1;
  let done = 0;
  let phaseStarted = started;
  let lastDraw = 0;
  const seconds = (from: number) => `${((Date.now() - from) / 1000).toFixed(1)} s`;

  const draw = (force: boolean) => {
    if (!out.isTTY) return;
    const now = Date.now();
    // Redrawing on every batch would cost more than the batch on a slow terminal.
    if (!force && now - lastDraw < 100) return;
    lastDraw = now;
    const share = Math.min(1, done / total);
    const filled = Math.round(share * width);
    const bar = `${'#'.repeat(filled)}${'-'.repeat(width - filled)}`;
    out.write(
      `\r  ${name.padEnd(22)} [${bar}] ${String(Math.round(share * 100)).padStart(3)}%  ${seconds(started)}   `,
    );
  };
  const finishPhase = () => {
    if (!name) return;
    done = total;
    if (out.isTTY) {
      draw(true);
      out.write('\n');
    } else out.write(`  ${name}: done in ${seconds(phaseStarted)}\n`);
  };

  return {
    phase(next, steps) {
      finishPhase();
      name = next;
      total = Math.max(1, steps);
      done = 0;
      phaseStarted = Date.now();
      draw(true);
    },
    tick(step = 1) {
      done += step;
      draw(false);
    },
    end() {
      finishPhase();
      name = '';
      out.write(`  Demo data ready in ${seconds(started)}\n`);
    },
  };
}

/** For tests and callers that want no output. */
export const silentProgress: Progress = { phase() {}, tick() {}, end() {} };
