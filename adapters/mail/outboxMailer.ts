import type { Logger } from 'pino';
import { randomUUID } from 'node:crypto';
import { DuplicateKeyError, type Doc, type DocumentStore } from '../../shared/ports/documentStore.ts';
import type { Mailer, MailMessage } from '../../shared/ports/mail.ts';

export const OUTBOX_COLLECTION = 'mail_outbox';

export interface OutboxDoc extends Doc {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly created_at: string;
}

/**
 * Offline transport: the message is kept in the `mail_outbox` collection (where an operator or a test
 * reads it) and a log line records that it exists. The log line never carries the body, because the
 * body holds secrets such as one-time codes.
 */
export function outboxMailer(store: DocumentStore, log: Logger, now: () => Date = () => new Date()): Mailer {
  const outbox = store.collection<OutboxDoc>(OUTBOX_COLLECTION);
  return {
    kind: 'outbox',
    async send(message: MailMessage) {
      const doc: OutboxDoc = { _id: message.id ?? randomUUID(), to: message.to, subject: message.subject, text: message.text, created_at: now().toISOString() };
      try {
        await outbox.insert(doc);
      } catch (err) {
        // The same message id again (a retried send): it is in the outbox already, once.
        if (err instanceof DuplicateKeyError) return;
        throw err;
      }
      log.info({ outbox_id: doc._id, to: message.to, subject: message.subject }, 'mail kept in outbox (no mail transport configured)');
    },
  };
}

/** Messages sent to one address, newest first (tests and operators). */
export async function outboxFor(store: DocumentStore, to: string): Promise<OutboxDoc[]> {
  return store.collection<OutboxDoc>(OUTBOX_COLLECTION).find({ to }, { sort: [['created_at', -1]] });
}
