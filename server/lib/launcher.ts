import { spawn, type ChildProcess } from 'node:child_process';

/**
 * A small helper process that starts programs for this one (decision 355). A spawn from the server forks its
 * whole address space: every page of it is then write-protected until the child has started its program, and
 * the first write to each page afterwards costs the kernel a fault. On this machine that is about 14 µs a
 * page, 0.6 s for the frames of a 4-second 120 fps clip, paid again on every decode where the frames' memory is
 * filled a second time. The helper is forked once, while it is cheap to; it starts each program and reports
 * its exit, the tail of its standard error and, where asked, its standard output (text). Its programs' standard
 * input is closed; a program whose output is not asked for talks to this process another way (the decode's
 * Unix socket).
 *
 * Plain JavaScript run by `node -e` (no TypeScript loader needed there). It ends, and kills what it started,
 * when this process goes.
 */
const HELPER = `
const { spawn } = require('node:child_process');
const runs = new Map();
process.on('message', (m) => {
  if (m.kill !== undefined) {
    const c = runs.get(m.kill);
    if (c) c.kill('SIGKILL');
    return;
  }
  let stderr = '';
  const out = [];
  let told = false;
  const tell = (code, failed) => {
    if (told) return;
    told = true;
    runs.delete(m.id);
    process.send({ id: m.id, code, stdout: Buffer.concat(out).toString(), stderr, failed });
  };
  let c;
  try {
    c = spawn(m.bin, m.args, { stdio: ['ignore', m.stdout ? 'pipe' : 'ignore', 'pipe'] });
  } catch (e) {
    return tell(null, { message: String((e && e.message) || e), code: e && e.code });
  }
  runs.set(m.id, c);
  if (m.stdout) c.stdout.on('data', (d) => out.push(d));
  c.stderr.on('data', (d) => (stderr = (stderr + d.toString()).slice(-m.stderrTail)));
  c.on('error', (e) => tell(null, { message: String((e && e.message) || e), code: e && e.code }));
  c.on('close', (code) => tell(code, null));
});
process.on('disconnect', () => {
  for (const c of runs.values()) c.kill('SIGKILL');
  process.exit(0);
});
process.send({ ready: true });
`;

/**
 * How a launched program ended: its exit code (null when killed or not started), its standard output (empty
 * where not asked for), its stderr's tail, and why it did not start.
 */
export interface Launched {
  code: number | null;
  stdout: string;
  stderr: string;
  failed: { message: string; code?: string } | null;
}

interface Helper {
  child: ChildProcess;
  ready: boolean;
  runs: Map<number, (r: Launched) => void>;
}

let helper: Helper | null = null;
let nextId = 1;

/** Lets the helper keep this process alive only while a program it started runs. */
function hold(h: Helper) {
  if (h.runs.size > 0) {
    h.child.ref();
    h.child.channel?.ref();
  } else {
    h.child.unref();
    h.child.channel?.unref();
  }
}

/**
 * Starts the helper, if it is not running (a fork of this process: call it where one costs little, such as
 * after a decode). It takes programs once it has said it is ready.
 */
export function startLauncher() {
  if (helper) return;
  let child: ChildProcess;
  try {
    child = spawn(process.execPath, ['-e', HELPER], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  } catch {
    return;
  }
  const h: Helper = { child, ready: false, runs: new Map() };
  helper = h;
  hold(h);
  child.on('message', (m: { ready?: boolean; id?: number } & Partial<Launched>) => {
    if (m.ready) h.ready = true;
    else if (m.id !== undefined) {
      const done = h.runs.get(m.id);
      h.runs.delete(m.id);
      hold(h);
      done?.({
        code: m.code ?? null,
        stdout: m.stdout ?? '',
        stderr: m.stderr ?? '',
        failed: m.failed ?? null,
      });
    }
  });
  // A helper that goes (killed, crashed) ends what waits on it as a failure; the next call starts another.
  const gone = () => {
    if (helper === h) helper = null;
    for (const done of h.runs.values())
      done({ code: null, stdout: '', stderr: '', failed: { message: 'The launcher stopped' } });
    h.runs.clear();
  };
  child.on('exit', gone);
  child.on('error', gone);
}

/** Whether the helper takes programs now. */
export const launcherReady = () => !!helper?.ready && helper.child.connected;

/**
 * Starts `bin` with `args` from the helper, or returns null where it is not ready (the caller spawns the
 * program itself). `done` is called once, when the program has ended. `stdout`: its standard output is
 * collected (else closed); `stderrTail`: how much of the end of its standard error is kept.
 */
export function launch(
  bin: string,
  args: string[],
  opts: { stdout?: boolean; stderrTail?: number },
  done: (r: Launched) => void,
) {
  const h = helper;
  if (!h || !launcherReady()) return null;
  const id = nextId++;
  h.runs.set(id, done);
  hold(h);
  h.child.send({ id, bin, args, stdout: !!opts.stdout, stderrTail: opts.stderrTail ?? 4000 });
  return {
    /** Kills the program (its end is still reported to `done`). */
    kill() {
      if (h.runs.has(id) && h.child.connected) h.child.send({ kill: id });
    },
  };
}

/** The helper, where one runs (tests). */
export const launcherForTests = () => helper?.child ?? null;

/** Stops the helper (tests; a process's helper otherwise ends with it). */
export function stopLauncherForTests() {
  helper?.child.kill('SIGKILL');
  helper = null;
}

/** Starts the helper where none runs, and waits (up to 5 s) until it has said it is ready: whether it has. */
export async function whenLauncherReady() {
  startLauncher();
  for (let i = 0; i < 500 && !helper?.ready; i += 1) await new Promise((r) => setTimeout(r, 10));
  return !!helper?.ready;
}
