import type { JetStreamClient } from 'nats';

/** Publishes JSON to a JetStream subject and waits for the stream's ack. */
export type Publisher = (subject: string, payload: unknown, msgId?: string) => Promise<void>;

export function jetStreamPublisher(js: JetStreamClient): Publisher {
  return async (subject, payload, msgId) => {
    await js.publish(subject, JSON.stringify(payload), msgId ? { msgID: msgId } : undefined);
  };
}
