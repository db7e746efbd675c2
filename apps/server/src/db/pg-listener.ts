import pg from 'pg';

// After a lost connection the first try comes soon, then ever less often (a server down for an hour
// is tried every few seconds, not hammered); never given up. The cap bounds how long after the
// server is back the listener still waits.
const FIRST_RETRY_MS = 200;
const MAX_RETRY_MS = 2_000;
// A try against a server that neither answers nor refuses (a dropped network) ends after this.
const CONNECT_TIMEOUT_MS = 5_000;

/** The wait before reconnect attempt `n` (0 for the first after a loss). */
const retryDelay = (n: number) => Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** n);

/**
 * LISTENs on its own connection (a pooled one is handed to other queries between uses). If the
 * connection is lost it reconnects, with backoff, for as long as it takes, and then calls
 * `onNotify(null)`: notifications sent meanwhile are gone, so the listener must assume it missed some.
 * The first connection must succeed (the caller is starting up).
 */
export async function pgListen(
  url: string,
  channel: string,
  onNotify: (payload: string | null) => void,
): Promise<() => Promise<void>> {
  let client: pg.Client | null = null;
  let closed = false;
  let retry: ReturnType<typeof setTimeout> | undefined;

  const connect = async (): Promise<pg.Client> => {
    // Keep-alive: a server gone without a word (a dead network) is noticed too, not only a closed socket.
    const c = new pg.Client({ connectionString: url, keepAlive: true, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
    c.on('notification', (msg) => {
      if (msg.channel === channel) onNotify(msg.payload ?? '');
    });
    // A lost connection says so by 'error' (a FATAL such as admin_shutdown, a reset socket) and by
    // 'end', often both: whichever comes first counts, once.
    let gone = false;
    const lost = () => {
      if (gone) return;
      gone = true;
      void c.end().catch(() => {});
      if (client !== c) return; // still connecting: the attempt's own failure handles it
      client = null;
      schedule(0);
    };
    c.on('error', lost);
    c.on('end', lost);
    try {
      await c.connect();
      await c.query(`LISTEN ${channel}`);
    } catch (err) {
      gone = true;
      void c.end().catch(() => {});
      throw err;
    }
    if (gone) throw new Error('LISTEN connection lost while it was set up');
    client = c;
    return c;
  };

  const schedule = (attempt: number) => {
    if (closed) return;
    retry = setTimeout(() => {
      connect().then(
        (c) => {
          if (closed) void c.end().catch(() => {});
          else onNotify(null);
        },
        () => schedule(attempt + 1),
      );
    }, retryDelay(attempt));
  };

  await connect();
  return async () => {
    closed = true;
    clearTimeout(retry);
    const c = client;
    client = null;
    await c?.end().catch(() => {});
  };
}
