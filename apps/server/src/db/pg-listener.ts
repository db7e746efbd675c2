import pg from 'pg';

const RECONNECT_MS = 1000;

/**
 * LISTENs on its own connection (a pooled one is handed to other queries between uses). If the
 * connection is lost it reconnects, and then calls `onNotify(null)`: notifications sent meanwhile
 * are gone, so the listener must assume it missed some.
 */
export async function pgListen(
  url: string,
  channel: string,
  onNotify: (payload: string | null) => void,
): Promise<() => Promise<void>> {
  let client: pg.Client | null = null;
  let closed = false;
  let retry: ReturnType<typeof setTimeout> | undefined;

  const lost = (c: pg.Client) => {
    if (client === c) client = null;
    void c.end().catch(() => {});
    if (!closed)
      retry = setTimeout(
        () =>
          void connect().then(
            () => onNotify(null),
            () => {},
          ),
        RECONNECT_MS,
      );
  };
  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: url });
    c.on('notification', (msg) => {
      if (msg.channel === channel) onNotify(msg.payload ?? '');
    });
    c.on('error', () => lost(c));
    try {
      await c.connect();
      await c.query(`LISTEN ${channel}`);
    } catch (err) {
      lost(c);
      throw err;
    }
    client = c;
  };
  await connect();
  return async () => {
    closed = true;
    clearTimeout(retry);
    await client?.end().catch(() => {});
    client = null;
  };
}
