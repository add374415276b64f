/**
 * Mail port: how account flows (password reset) reach a person. Adapters: Mailgun (mailgun.js) when
 * MAILGUN_API_KEY and MAILGUN_DOMAIN are set, otherwise an outbox collection in the document store.
 */
export interface MailMessage {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
}

export interface Mailer {
  readonly kind: 'mailgun' | 'outbox';
  /** Resolves once the transport accepted the message; rejects with the transport's reason otherwise. */
  send(message: MailMessage): Promise<void>;
}
