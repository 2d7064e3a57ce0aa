import { readdirSync, readFileSync } from 'node:fs';

/** CPU seconds (user + system) used so far by a process and all its descendants (Linux /proc). */
export function treeCpuSeconds(rootPid: number): number {
  const stats = new Map<number, { ppid: number; ticks: number }>();
  for (const e of readdirSync('/proc')) {
    if (!/^\d+$/.test(e)) continue;
    try {
      const s = readFileSync(`/proc/${e}/stat`, 'utf8');
      const f = s.slice(s.lastIndexOf(')') + 2).split(' ');
      stats.set(Number(e), { ppid: Number(f[1]), ticks: Number(f[11]) + Number(f[12]) });
    } catch {
      // the process ended while we looked
    }
  }
  let ticks = 0;
  const todo = [rootPid];
  while (todo.length) {
    const pid = todo.pop()!;
    ticks += stats.get(pid)?.ticks ?? 0;
    for (const [child, st] of stats) if (st.ppid === pid) todo.push(child);
  }
  return ticks / 100;
}
