// @ts-check
/**
 * CPU time of a browser and every process it started, from /proc (Linux):
 * user + system milliseconds, all threads. The bench exposes it to its pages
 * as `__benchCpuMs` (bench/lib/cpu-time.ts) so per-token costs can be read
 * in CPU time, which a busy shared machine distorts far less than wall time.
 * Elsewhere (no /proc) it answers NaN. `processCpuMs` reads one process
 * (the native baseline's llama-server).
 */
import { readFileSync, readdirSync } from 'node:fs';

/** clock ticks per second of /proc's times (USER_HZ; 100 on Linux). */
const TICKS = 100;

/**
 * @param {string} tag a command-line flag only the browser's own process carries
 * @returns {number}
 */
export function browserTreeCpuMs(tag) {
  /** @type {Map<string, { parent: string, ticks: number, cmd: string }>} */
  const procs = new Map();
  let pids;
  try {
    pids = readdirSync('/proc').filter((d) => /^\d+$/.test(d));
  } catch {
    return NaN;
  }
  for (const pid of pids) {
    try {
      const { parent, ticks } = readStat(pid);
      procs.set(pid, { parent, ticks, cmd: readFileSync(`/proc/${pid}/cmdline`, 'utf8') });
    } catch {
      // The process ended meanwhile.
    }
  }
  const root = [...procs].find(([, p]) => p.cmd.includes(tag) && !p.cmd.includes('--type='));
  if (!root) return NaN;
  const tree = new Set([root[0]]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [pid, p] of procs) {
      if (!tree.has(pid) && tree.has(p.parent)) {
        tree.add(pid);
        grew = true;
      }
    }
  }
  let ticks = 0;
  for (const pid of tree) ticks += procs.get(pid)?.ticks ?? 0;
  return (ticks * 1000) / TICKS;
}

/** One process's CPU time (user + system, all its threads), in ms; NaN where /proc cannot tell. @param {number} pid */
export function processCpuMs(pid) {
  try {
    return (readStat(String(pid)).ticks * 1000) / TICKS;
  } catch {
    return NaN;
  }
}

/** A process's parent and CPU ticks from /proc/PID/stat (throws when it is gone). @param {string} pid */
function readStat(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces) start at ")": state, ppid, … utime (14th), stime (15th).
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { parent: fields[1] ?? '', ticks: Number(fields[11]) + Number(fields[12]) };
}
