import { readdirSync, readFileSync } from 'node:fs';

/**
 * CPU time from Linux's /proc, in clock ticks (1/100 s): of a process, and of the whole machine, so a
 * bench can say how the cores were shared between its own processes and everything else running.
 */
export const TICKS_PER_SECOND = 100;

/** The fields of /proc/<pid>/stat after the command name (field 3 on), or undefined once the process is gone. */
function statFields(pid: number): string[] | undefined {
  try {
    // The command name (field 2) may hold spaces and parentheses: count fields after its closing ')'.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

/** User + system ticks a process has used so far; 0 once it is gone. */
export function processTicks(pid: number): number {
  const fields = statFields(pid);
  return fields ? Number(fields[11]) + Number(fields[12]) : 0;
}

/** A process's command name (/proc/<pid>/comm), or undefined once it is gone. */
export function commandOf(pid: number): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return undefined;
  }
}

/** The parent of a process, or undefined once it is gone. */
export const parentOf = (pid: number): number | undefined => {
  const ppid = statFields(pid)?.[1];
  return ppid === undefined ? undefined : Number(ppid);
};

/**
 * Ticks a process and every child it has had used so far: its own, its living children's, and those of the
 * children it has reaped (cutime and cstime). A child that came and went between two readings still counts,
 * which the living children alone would miss (a PostgreSQL backend of a closed connection).
 */
export function treeTicks(pid: number): number {
  const fields = statFields(pid);
  if (!fields) return 0;
  let ticks = Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
  for (const name of readdirSync('/proc')) {
    const child = Number(name);
    const own = Number.isInteger(child) && child !== pid ? statFields(child) : undefined;
    if (own && Number(own[1]) === pid) ticks += Number(own[11]) + Number(own[12]);
  }
  return ticks;
}

/** Ticks the machine's cores spent busy and in all, so far. */
export function machineTicks(): { busy: number; total: number } {
  const cpu = readFileSync('/proc/stat', 'utf8').split('\n')[0]?.trim().split(/\s+/).slice(1).map(Number) ?? [];
  const total = cpu.slice(0, 8).reduce((a, n) => a + n, 0);
  const idle = (cpu[3] ?? 0) + (cpu[4] ?? 0);
  return { busy: total - idle, total };
}
