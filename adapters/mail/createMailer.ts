import type { Logger } from 'pino';
import type { Config } from '../../shared/config.ts';
import type { DocumentStore } from '../../shared/ports/documentStore.ts';
import type { Mailer } from '../../shared/ports/mail.ts';
import { mailgunMailer } from './mailgunMailer.ts';
import { outboxMailer } from './outboxMailer.ts';

/** Mailgun when both MAILGUN_API_KEY and MAILGUN_DOMAIN are set; otherwise the store outbox. */
export function createMailer(config: Config, store: DocumentStore, log: Logger): Mailer {
  const apiKey = config.MAILGUN_API_KEY?.trim();
  const domain = config.MAILGUN_DOMAIN?.trim();
  if (apiKey && domain) {
    const from = config.MAIL_FROM?.trim() || `Concord <no-reply@${domain}>`;
    return mailgunMailer({ apiKey, domain, from, ...(config.MAILGUN_URL ? { url: config.MAILGUN_URL } : {}) });
  }
  if (apiKey || domain) log.warn('only one of MAILGUN_API_KEY and MAILGUN_DOMAIN is set; mail goes to the outbox collection');
  return outboxMailer(store, log.child({ component: 'mail' }));
}
