import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { execTool } from './ffmpeg';
import {
  launch,
  launcherForTests,
  launcherReady,
  whenLauncherReady,
  startLauncher,
  stopLauncherForTests,
} from './launcher';

afterAll(() => {
  // The next file in this worker starts its own where it needs one.
  stopLauncherForTests();
});

/** The pid of the process that started the shell `execTool` ran. */
const parentOfTool = async () => Number((await execTool('sh', ['-c', 'echo $PPID'])).stdout.trim());

describe('the launcher (decision 355)', () => {
  it('starts programs from the helper once it is ready, with their output, exit code and error tail', async () => {
    expect(await whenLauncherReady()).toBe(true);
    const helper = launcherForTests()!;
    expect(await parentOfTool()).toBe(helper.pid);
    expect(await parentOfTool()).not.toBe(process.pid);
    const r = await execTool('sh', ['-c', 'printf "out put"; printf "the reason" >&2; exit 3']);
    expect(r).toEqual({ code: 3, stdout: 'out put', stderr: 'the reason' });
    // A program that cannot start: the error and its code, as a spawn from here gives them.
    await expect(execTool('/nonexistent/tool', [])).rejects.toMatchObject({ code: 'ENOENT' });
    // One that runs past its time is killed (no exit code).
    const t0 = Date.now();
    expect((await execTool('sleep', ['20'], 200)).code).toBe(-1);
    expect(Date.now() - t0).toBeLessThan(10_000);
    // The helper lets this process end: it holds it only while a program runs.
    expect(launcherReady()).toBe(true);
  });

  it('fails what runs when the helper stops, and the next program is started from here until another is ready', async () => {
    expect(await whenLauncherReady()).toBe(true);
    const helper = launcherForTests()!;
    const ended = new Promise<unknown>((resolve) => launch('sleep', ['20'], {}, resolve));
    helper.kill('SIGKILL');
    expect(await ended).toEqual({
      code: null,
      stdout: '',
      stderr: '',
      failed: { message: 'The launcher stopped' },
    });
    await vi.waitFor(() => expect(launcherForTests()).toBeNull());
    expect(launch('true', [], {}, () => {})).toBeNull();
    expect(await parentOfTool()).toBe(process.pid);
    startLauncher();
    await vi.waitFor(() => expect(launcherReady()).toBe(true), { timeout: 10_000 });
    expect(await parentOfTool()).toBe(launcherForTests()!.pid);
  });

  it('ends, killing what it started, when this process goes', async () => {
    expect(await whenLauncherReady()).toBe(true);
    const helper = launcherForTests()!;
    let pid = 0;
    const ended = new Promise<void>((resolve) =>
      launch('sh', ['-c', 'echo $$ >&2; exec sleep 30'], {}, () => resolve()),
    );
    // The program's pid from its process listing: the helper's child.
    await vi.waitFor(() => {
      pid = childrenOf(helper.pid!)[0] ?? 0;
      expect(pid).toBeGreaterThan(0);
    });
    const gone = new Promise((resolve) => helper.once('exit', resolve));
    // The channel closed as it closes when this process exits.
    helper.disconnect();
    await gone;
    await ended;
    await vi.waitFor(() => expect(alive(pid)).toBe(false));
  });
});

/** Processes whose parent is `ppid`. */
function childrenOf(ppid: number) {
  return readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .flatMap((pid) => {
      try {
        const m = /^\d+ \(.*\) (\S) (\d+)/.exec(readFileSync(`/proc/${pid}/stat`, 'utf8'));
        return m && Number(m[2]) === ppid && m[1] !== 'Z' ? [Number(pid)] : [];
      } catch {
        return [];
      }
    });
}

/** Whether a process is there and not a zombie. */
function alive(pid: number) {
  try {
    return !/^\d+ \(.*\) Z /.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}
