import FormData from 'form-data';
import Mailgun from 'mailgun.js';
import type { Mailer, MailMessage } from '../../shared/ports/mail.ts';

export interface MailgunSettings {
  readonly apiKey: string;
  readonly domain: string;
  readonly from: string;
  /** API base, e.g. https://api.eu.mailgun.net for EU domains; mailgun.js's default otherwise. */
  readonly url?: string;
}

/** Mailgun transport through the official mailgun.js client. */
export function mailgunMailer(settings: MailgunSettings): Mailer {
  const client = new Mailgun(FormData).client({ username: 'api', key: settings.apiKey, ...(settings.url ? { url: settings.url } : {}) });
  return {
    kind: 'mailgun',
    async send(message: MailMessage) {
      await client.messages.create(settings.domain, {
        from: settings.from,
        to: [message.to],
        subject: message.subject,
        text: message.text,
        ...(message.id ? { 'h:Message-Id': `<${message.id}@${settings.domain}>` } : {}),
      });
    },
  };
}
