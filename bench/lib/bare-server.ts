/** Baseline (a): plain node:http answering fixed bytes. Reads { path: body } JSON on stdin, prints READY {port} on stderr. */
import http from 'node:http';

let input = '';
for await (const chunk of process.stdin) input += chunk;
const bodies = new Map(
  Object.entries(JSON.parse(input) as Record<string, string>).map(([k, v]) => [k, Buffer.from(v)]),
);
const server = http.createServer((req, res) => {
  const body = bodies.get(req.url!.split('?')[0]);
  if (!body) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
  res.end(body);
});
server.listen(0, '127.0.0.1', () =>
  process.stderr.write(`READY ${JSON.stringify({ port: (server.address() as { port: number }).port })}\n`),
);
process.on('SIGTERM', () => server.close(() => process.exit(0)));
