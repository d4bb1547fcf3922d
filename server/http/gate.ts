// A gate for work that costs (docs/security.md "Limits"): at most `size` run at once, the next
// `queue` wait their turn in order, and one past those is refused at once (`full()` is thrown)
// rather than held. Password hashes go through one, so a burst of sign-ins can neither exhaust
// memory nor queue without end; searches through another, so however many arrive they take at
// most `size` of the database's connections and cores, and writes (a bid) keep the rest.
export class Gate {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    readonly size: number,
    readonly queue: number,
    private readonly full: () => Error,
  ) {}

  /** Runs `work` in its turn. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.size) {
      if (this.waiting.length >= this.queue) throw this.full();
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running += 1;
    }
    try {
      return await work();
    } finally {
      // The turn passes straight to the next in line (as many still run).
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}
