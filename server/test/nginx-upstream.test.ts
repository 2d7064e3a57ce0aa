/**
 * deploy/nginx.conf in front of two stand-in replicas (decision 204). A replica's 503 (the database
 * away, or the password hashing queue full) reaches the client as the app wrote it and marks no
 * replica failed; a replica that is gone is skipped, for reads and writes alike.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nginxBin, nginxConfig } from './nginx-config';

const bin = nginxBin();
if (!bin) console.warn('nginx upstream test skipped: nginx is not installed (apt-get install nginx)');

const work = path.join(tmpdir(), `va-nginx-${process.pid}-${randomBytes(3).toString('hex')}`);
const UNAVAILABLE = JSON.stringify({
  message: 'The service is temporarily unavailable.',
  code: 'UNAVAILABLE',
});

/** A stand-in replica: answers 200 naming itself, or the app's 503 while `down`. */
function replica(name: string) {
  const r = { name, down: false, server: null as unknown as Server, address: '' };
  r.server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      if (r.down) {
        res.writeHead(503, { 'content-type': 'application/json', 'retry-after': '5' });
        res.end(UNAVAILABLE);
      } else {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ name }));
      }
    });
  });
  return r;
}

describe.skipIf(!bin)('deploy/nginx.conf in front of two replicas', () => {
  const a = replica('a');
  const b = replica('b');
  let nginx: ChildProcess;
  let lb = '';

  beforeAll(async () => {
    for (const r of [a, b]) {
      await new Promise<void>((ok) => r.server.listen(0, '127.0.0.1', ok));
      r.address = `127.0.0.1:${(r.server.address() as AddressInfo).port}`;
    }
    const port = await new Promise<number>((ok) => {
      const s = createServer().listen(0, '127.0.0.1', () => {
        const p = (s.address() as AddressInfo).port;
        s.close(() => ok(p));
      });
    });
    lb = `http://127.0.0.1:${port}`;
    mkdirSync(work, { recursive: true });
    chmodSync(work, 0o755); // run as root, nginx's workers drop to `nobody` and still need the temp paths
    writeFileSync(
      path.join(work, 'nginx.conf'),
      nginxConfig(work, port, [a.address, b.address], { workers: 1 }),
    );
    nginx = spawn(
      bin!,
      [
        '-p',
        work,
        '-c',
        path.join(work, 'nginx.conf'),
        '-e',
        path.join(work, 'error.log'),
        '-g',
        `daemon off; pid ${work}/nginx.pid;`,
      ],
      {
        stdio: 'ignore',
      },
    );
    for (let i = 0; i < 100; i++) {
      if (
        await fetch(`${lb}/`).then(
          (r) => r.ok,
          () => false,
        )
      )
        return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('nginx did not answer');
  });

  afterAll(async () => {
    if (nginx && nginx.exitCode === null) {
      const gone = new Promise((r) => nginx.once('exit', r));
      nginx.kill('SIGTERM');
      await gone;
    }
    for (const r of [a, b]) {
      r.server.close();
      r.server.closeAllConnections();
    }
    rmSync(work, { recursive: true, force: true });
  });

  const send = async (method: 'GET' | 'POST') => {
    const res = await fetch(`${lb}/api/user`, { method, body: method === 'POST' ? '{}' : undefined });
    return { status: res.status, retryAfter: res.headers.get('retry-after'), body: await res.text() };
  };

  it("passes the replicas' 503 on as they wrote it, and uses both replicas again as soon as they answer", async () => {
    a.down = true;
    b.down = true;
    const answers = [];
    for (let i = 0; i < 12; i++) answers.push(await send(i % 3 ? 'GET' : 'POST'));
    for (const x of answers) expect(x).toEqual({ status: 503, retryAfter: '5', body: UNAVAILABLE });
    a.down = false;
    b.down = false;
    const back = [];
    for (let i = 0; i < 4; i++) back.push(await send('GET'));
    expect(back.map((x) => x.status)).toEqual([200, 200, 200, 200]);
    expect(new Set(back.map((x) => JSON.parse(x.body).name))).toEqual(new Set(['a', 'b']));
  });

  it('sends every request, reads and writes, to the replica left when the other is gone', async () => {
    const closed = new Promise((r) => b.server.close(r));
    b.server.closeAllConnections(); // nginx's kept-alive connections too: the replica is gone
    await closed;
    const answers = [];
    for (let i = 0; i < 8; i++) answers.push(await send(i % 2 ? 'GET' : 'POST'));
    expect(answers.map((x) => [x.status, JSON.parse(x.body).name])).toEqual(Array(8).fill([200, 'a']));
  });
});
