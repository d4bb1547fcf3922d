// A gate for work that costs (docs/security.md "Limits"): at most `size` run at once, the next
// `queue` wait their turn, and one past those is refused at once (`full()` is thrown) rather
// than held. Password hashes go through one, so a burst of sign-ins can neither exhaust memory
// nor queue without end; searches and lists through others, so however many arrive they take
// at most `size` of the database's connections and cores, and writes (a bid) keep the rest.
//
// The gate is fair between clients (a key per client, its address): a place that frees goes to
// the waiting client that holds the fewest places (among equals, the one served longest ago,
// then first come), and when the
// queue is full a newcomer takes the place of the newest waiter of a client that holds more of
// the queue than it does, so one client holds at most its share of places and of the queue. A
// waiter whose request is abandoned (its signal aborts) leaves the queue and never runs.
import { Abandoned } from '../db/read-lane.ts';

interface Waiter {
  client: string;
  start: () => void;
  refuse: (error: Error) => void;
}

export class Gate {
  private running = 0;
  /** Places held per client. */
  private readonly holding = new Map<string, number>();
  /** When each client that holds or waits was last given a place (a count of places given). */
  private readonly served = new Map<string, number>();
  private given = 0;
  private readonly waiting: Waiter[] = [];

  constructor(
    readonly size: number,
    readonly queue: number,
    private readonly full: () => Error,
  ) {}

  /** Runs `work` in its turn, for `client`; abandoned while it waits when `signal` aborts. */
  async run<T>(work: () => Promise<T>, client = '', signal?: AbortSignal): Promise<T> {
    if (signal?.aborted) throw new Abandoned();
    if (this.running < this.size && this.waiting.length === 0) this.take(client);
    else await this.wait(client, signal);
    try {
      return await work();
    } finally {
      this.running -= 1;
      const held = (this.holding.get(client) ?? 1) - 1;
      if (held > 0) this.holding.set(client, held);
      else this.holding.delete(client);
      this.next();
      if (!this.holding.has(client) && !this.waiting.some((waiter) => waiter.client === client)) {
        this.served.delete(client);
      }
    }
  }

  private take(client: string) {
    this.running += 1;
    this.holding.set(client, (this.holding.get(client) ?? 0) + 1);
    this.given += 1;
    this.served.set(client, this.given);
  }

  /** Free places go to the waiters whose clients hold the fewest, then were served longest ago. */
  private next() {
    while (this.running < this.size && this.waiting.length > 0) {
      let chosen = 0;
      let fewest = Infinity;
      let longest = Infinity;
      this.waiting.forEach((waiter, index) => {
        const held = this.holding.get(waiter.client) ?? 0;
        const last = this.served.get(waiter.client) ?? 0;
        if (held < fewest || (held === fewest && last < longest)) {
          fewest = held;
          longest = last;
          chosen = index;
        }
      });
      const [waiter] = this.waiting.splice(chosen, 1);
      if (!waiter) return;
      this.take(waiter.client);
      waiter.start();
    }
  }

  private wait(client: string, signal: AbortSignal | undefined): Promise<void> {
    if (this.waiting.length >= this.queue && !this.makeRoomFor(client)) throw this.full();
    return new Promise<void>((resolve, reject) => {
      const onAbort = () => {
        const index = this.waiting.indexOf(waiter);
        if (index >= 0) this.waiting.splice(index, 1);
        reject(new Abandoned());
      };
      const waiter: Waiter = {
        client,
        start: () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        },
        refuse: (error) => {
          signal?.removeEventListener('abort', onAbort);
          reject(error);
        },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiting.push(waiter);
    });
  }

  /**
   * The queue is full: when another client waits with more than one turn more than `client`
   * does, its newest waiter is refused and `client` takes its place.
   */
  private makeRoomFor(client: string): boolean {
    const counts = new Map<string, number>();
    for (const waiter of this.waiting) {
      counts.set(waiter.client, (counts.get(waiter.client) ?? 0) + 1);
    }
    let greediest = '';
    let most = 0;
    for (const [other, count] of counts) {
      if (count > most) {
        greediest = other;
        most = count;
      }
    }
    if (most <= (counts.get(client) ?? 0) + 1) return false;
    const index = this.waiting.findLastIndex((waiter) => waiter.client === greediest);
    const [evicted] = this.waiting.splice(index, 1);
    evicted?.refuse(this.full());
    return true;
  }
}
