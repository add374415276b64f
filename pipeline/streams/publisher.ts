import type { JetStreamClient } from 'nats';

/**
 * Publishes to a JetStream subject and waits for the stream's ack: a value as its JSON, or bytes as they are
 * (a message serialised elsewhere, e.g. in a worker thread).
 */
export type Publisher = (subject: string, payload: unknown, msgId?: string) => Promise<void>;

export function jetStreamPublisher(js: JetStreamClient): Publisher {
  return async (subject, payload, msgId) => {
    const data = payload instanceof Uint8Array ? payload : JSON.stringify(payload);
    await js.publish(subject, data, msgId ? { msgID: msgId } : undefined);
  };
}
