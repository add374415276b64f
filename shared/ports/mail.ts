/**
 * Mail port: how account flows (password reset) reach a person. Adapters: Mailgun (mailgun.js) when
 * MAILGUN_API_KEY and MAILGUN_DOMAIN are set, otherwise an outbox collection in the document store.
 */
export interface MailMessage {
  /**
   * Idempotency key: sending the same id twice keeps one message in the outbox and gives Mailgun the
   * same Message-Id (mail clients show one). Alert notifications use their delivery id.
   */
  readonly id?: string;
  readonly to: string;
  readonly subject: string;
  readonly text: string;
}

export interface Mailer {
  readonly kind: 'mailgun' | 'outbox';
  /** Resolves once the transport accepted the message; rejects with the transport's reason otherwise. */
  send(message: MailMessage): Promise<void>;
}
