// LISTEN on PostgreSQL for the database interface (database.ts): a connection of its own,
// made again whenever it is lost.
import type PgModule from 'pg';

/** Wait before connecting the listener again after its connection was lost. */
const RELISTEN_MS = 1000;

/**
 * LISTEN on a connection of its own (a pooled one would be handed to other queries), made again
 * whenever it is lost, e.g. while PostgreSQL restarts.
 */
export async function listenPostgres(
  pg: typeof PgModule,
  url: string,
  channel: string,
  onNotify: () => void,
  onLost?: () => void,
): Promise<() => Promise<void>> {
  let client: InstanceType<typeof pg.Client> | null = null;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const again = () => {
    if (stopped || timer) return;
    timer = setTimeout(() => {
      timer = null;
      void connect();
    }, RELISTEN_MS);
  };
  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString: url });
    let lost = false;
    const drop = () => {
      if (lost) return;
      lost = true;
      if (client === next) client = null;
      next.end().catch(() => undefined);
      if (!stopped) onLost?.();
      again();
    };
    next.on('error', drop);
    next.on('end', drop);
    next.on('notification', () => onNotify());
    try {
      await next.connect();
      await next.query(`LISTEN ${channel}`);
    } catch {
      drop();
      return;
    }
    if (stopped) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
    // Whatever was notified while no connection listened is caught up now.
    onNotify();
  }
  await connect();
  return async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    const last = client;
    client = null;
    await last?.end().catch(() => undefined);
  };
}
