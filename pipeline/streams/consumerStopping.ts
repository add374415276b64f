/**
 * Thrown by a handler's gate when its consumer is being stopped before the handler ran: the message stays
 * unacked and is delivered again after the restart. Not a failure of the message: the consumer loops stop on it
 * without logging an error, counting an attempt, or waiting to retry.
 */
export class ConsumerStopping extends Error {
  constructor(what: string) {
    super(`${what} is stopping`);
    this.name = 'ConsumerStopping';
  }
}

export function isConsumerStopping(err: unknown): err is ConsumerStopping {
  return err instanceof ConsumerStopping;
}
