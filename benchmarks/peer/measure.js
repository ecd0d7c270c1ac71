// What the driver reads of the processes and of its latencies, computed as benchmarks/load.py
// computes them, so the two sides' figures mean the same thing.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

// Clock ticks per second of /proc's CPU times (`getconf CLK_TCK`, 100 on Linux nearly always).
const TICKS = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;

/** User + system CPU seconds of a process so far (/proc/<pid>/stat, as load.py's
 * `cpu_seconds`); NaN without a pid. */
export function processCpuSeconds(pid) {
  if (!pid) return NaN;
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The fields after the command's parenthesis: utime and stime are the 12th and 13th.
  const fields = stat.slice(stat.lastIndexOf(')') + 1).trim().split(/\s+/);
  return (Number(fields[11]) + Number(fields[12])) / TICKS;
}

/** This process's own user + system CPU seconds so far (the driver's, as load.py's
 * `time.process_time()` is the load generator's). */
export function ownCpuSeconds() {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
}

/** Resident memory of a process in KiB (/proc/<pid>/status), as load.py's `rss_kib`. */
export function rssKib(pid) {
  if (!pid) return NaN;
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((text) => text.startsWith('VmRSS:'));
  return line ? Number(line.split(/\s+/)[1]) : 0;
}

/** The value at `fraction` of sorted seconds, in milliseconds (load.py's `_percentile`). */
export function percentileMs(ordered, fraction) {
  if (ordered.length === 0) return NaN;
  return ordered[Math.min(ordered.length - 1, Math.floor(ordered.length * fraction))] * 1000;
}

export function median(values) {
  const ordered = [...values].sort((a, b) => a - b);
  const middle = Math.floor(ordered.length / 2);
  return ordered.length % 2 ? ordered[middle] : (ordered[middle - 1] + ordered[middle]) / 2;
}

/** The medians of every figure over the runs (load.py's medians, key by key). */
export function medians(runs) {
  return Object.fromEntries(Object.keys(runs[0]).map((key) => [key, median(runs.map((r) => r[key]))]));
}
