import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { ScryptOptions } from 'node:crypto';

/**
 * scrypt (128 MiB, a few hundred ms of CPU) runs on a small pool of worker threads with a bounded
 * queue, never on libuv's 4 shared threads that also read static files and uploads (decision 075).
 * When the queue is full the caller gets HashingBusyError (503 with Retry-After) instead of waiting.
 */
export class HashingBusyError extends Error {
  readonly statusCode = 503;
  readonly retryAfter = 2;
  constructor() {
    super('The server is busy. Please try again in a moment.');
    this.name = 'HashingBusyError';
  }
}

// Plain JavaScript evaluated in the worker: no TypeScript loader needed there.
const WORKER = `
const { parentPort } = require('node:worker_threads');
const { scryptSync } = require('node:crypto');
parentPort.on('message', (m) => {
  try {
    const key = scryptSync(m.password, Buffer.from(m.salt), m.len, m.opts);
    parentPort.postMessage({ id: m.id, key });
  } catch (e) {
    parentPort.postMessage({ id: m.id, error: String(e && e.message || e) });
  }
});`;

interface Task {
  id: number;
  password: string;
  salt: Buffer;
  len: number;
  opts: ScryptOptions;
  resolve(k: Buffer): void;
  reject(e: Error): void;
}

let limits = { workers: Math.max(1, Math.min(2, availableParallelism() - 1)), maxQueue: 64 };
const idle: Worker[] = [];
let all: Worker[] = [];
const queue: Task[] = [];
const running = new Map<number, { task: Task; worker: Worker }>();
let held = 0;
let seq = 0;

/** Workers and waiting places; tests shrink them. */
export function setHashingLimits(next: Partial<typeof limits>) {
  limits = { ...limits, ...next };
}

/** Occupies places as if hashes were in flight (tests of the full queue); returns the release. */
export function holdHashingPlaces(n: number) {
  held += n;
  return () => {
    held -= n;
  };
}

function spawn() {
  const worker = new Worker(WORKER, { eval: true });
  worker.unref();
  worker.on('message', (m: { id: number; key?: Uint8Array; error?: string }) => {
    const job = running.get(m.id);
    running.delete(m.id);
    if (job) {
      if (m.error) job.task.reject(new Error(m.error));
      else job.task.resolve(Buffer.from(m.key!));
    }
    worker.unref();
    idle.push(worker);
    pump();
  });
  worker.on('error', (err) => {
    all = all.filter((w) => w !== worker);
    for (const [id, job] of running) {
      if (job.worker !== worker) continue;
      running.delete(id);
      job.task.reject(err);
    }
    pump();
  });
  all.push(worker);
  return worker;
}

function pump() {
  while (queue.length) {
    const worker = idle.pop() ?? (all.length < limits.workers ? spawn() : undefined);
    if (!worker) return;
    const task = queue.shift()!;
    running.set(task.id, { task, worker });
    // Referenced only while working: an idle pool never keeps the process alive, a pending hash does.
    worker.ref();
    worker.postMessage({
      id: task.id,
      password: task.password,
      salt: task.salt,
      len: task.len,
      opts: task.opts,
    });
  }
}

export function scryptInPool(
  password: string,
  salt: Buffer,
  len: number,
  opts: ScryptOptions,
): Promise<Buffer> {
  if (queue.length + running.size + held >= limits.workers + limits.maxQueue)
    return Promise.reject(new HashingBusyError());
  return new Promise((resolve, reject) => {
    queue.push({ id: ++seq, password, salt, len, opts, resolve, reject });
    pump();
  });
}
