// A real HTTP destination on 127.0.0.1 that records what it receives and answers as a test scripts it.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  headers: http.IncomingHttpHeaders;
  raw: Buffer;
  json: any;
}

export interface FakeDestination {
  url: string;
  received: Received[];
  /** Status for the n-th request (0-based); default 200. */
  respond: (n: number) => number;
  waitFor(count: number, timeoutMs?: number): Promise<Received[]>;
  close(): Promise<void>;
}

export async function fakeDestination(respond: (n: number) => number = () => 200): Promise<FakeDestination> {
  const received: Received[] = [];
  const dest: Partial<FakeDestination> = { received, respond };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      const n = received.length;
      received.push({ headers: req.headers, raw, json: JSON.parse(raw.toString('utf8')) });
      res.statusCode = dest.respond!(n);
      res.end('ok');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const { port } = server.address() as AddressInfo;
  return Object.assign(dest, {
    url: `http://127.0.0.1:${port}/hook`,
    async waitFor(count: number, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`destination got ${received.length} of ${count} deliveries`);
        await new Promise((r) => setTimeout(r, 10));
      }
      return received;
    },
    close: () =>
      new Promise<void>((r) => {
        server.close(() => r());
        server.closeAllConnections();
      }),
  }) as FakeDestination;
}

/** Polls `read` until `ok(value)` holds (or fails after timeoutMs with the last value). */
export async function eventually<T>(read: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await read();
    if (ok(v)) return v;
    if (Date.now() > deadline) throw new Error(`condition not met; last value: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
