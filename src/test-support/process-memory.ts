import fs from 'node:fs';

export const MB = 1024 * 1024;

/** Reads a field of /proc/<pid>/status (VmRSS: resident now; VmHWM: the peak since the last reset), in bytes. */
export function procStatus(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!match) throw new Error(`no ${field} for process ${pid}`);
  return Number(match[1]) * 1024;
}

/**
 * Measures the server's peak resident memory while `work` runs: the kernel's high-water mark, reset
 * first (writing 5 to clear_refs), cross-checked by polling VmRSS every 20 ms.
 */
export async function peakRss<T>(pid: number, work: () => Promise<T>): Promise<{ result: T; peak: number; before: number }> {
  const before = procStatus(pid, 'VmRSS');
  let hwmReset = true;
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
  } catch {
    hwmReset = false; // an older kernel or a restricted /proc: polling alone
  }
  let polled = before;
  const poll = setInterval(() => {
    try {
      polled = Math.max(polled, procStatus(pid, 'VmRSS'));
    } catch {
      // the process is gone; the work will fail on its own
    }
  }, 20);
  try {
    const result = await work();
    const peak = Math.max(polled, hwmReset ? procStatus(pid, 'VmHWM') : 0);
    return { result, peak, before };
  } finally {
    clearInterval(poll);
  }
}
