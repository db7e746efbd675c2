import { readFileSync } from 'node:fs';

/**
 * CPU time from Linux's /proc, in clock ticks (1/100 s): of a process, and of the whole machine, so a
 * bench can say how the cores were shared between its own processes and everything else running.
 */
export const TICKS_PER_SECOND = 100;

/** User + system ticks a process has used so far; 0 once it is gone. */
export function processTicks(pid: number): number {
  try {
    // The command name (field 2) may hold spaces and parentheses: count fields after its closing ')'.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}

/** Ticks the machine's cores spent busy and in all, so far. */
export function machineTicks(): { busy: number; total: number } {
  const cpu = readFileSync('/proc/stat', 'utf8').split('\n')[0]?.trim().split(/\s+/).slice(1).map(Number) ?? [];
  const total = cpu.slice(0, 8).reduce((a, n) => a + n, 0);
  const idle = (cpu[3] ?? 0) + (cpu[4] ?? 0);
  return { busy: total - idle, total };
}
