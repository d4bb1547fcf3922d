// A rule refused a mutation: thrown by a domain function, it undoes that mutation's writes and
// becomes its `{ status: 'refused' }` result, with the reason and what to do.
import type { RefusalCode } from '../../shared/protocol.ts';

export class Refusal extends Error {
  constructor(
    readonly code: RefusalCode,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}
