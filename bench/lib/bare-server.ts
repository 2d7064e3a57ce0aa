/**
 * Baseline (a): plain node:http answering fixed bytes, as the route sends them to a browser (compressed
 * where the route compresses, decision 236). Reads { path: { base64, type, encoding } } JSON on stdin,
 * prints READY {port} on stderr.
 */
import http from 'node:http';

interface Wire {
  base64: string;
  type: string;
  encoding: string | null;
}

let input = '';
for await (const chunk of process.stdin) input += chunk;
const answers = new Map(
  Object.entries(JSON.parse(input) as Record<string, Wire>).map(([path, w]) => {
    const body = Buffer.from(w.base64, 'base64');
    const headers: Record<string, string | number> = {
      'content-type': w.type,
      'content-length': body.length,
    };
    if (w.encoding) headers['content-encoding'] = w.encoding;
    return [path, { body, headers }];
  }),
);
const server = http.createServer((req, res) => {
  const answer = answers.get(req.url!.split('?')[0]);
  if (!answer) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, answer.headers);
  res.end(answer.body);
});
server.listen(0, '127.0.0.1', () =>
  process.stderr.write(`READY ${JSON.stringify({ port: (server.address() as { port: number }).port })}\n`),
);
process.on('SIGTERM', () => server.close(() => process.exit(0)));
