import type { Language } from '@common/i18n/languages';
import { emailTranslator } from '../i18n/translate';
import type { Mailer, MailMessage } from './mailer';
import { escapeHtml } from '@common/rendering';

export type EmailTemplate =
  | 'confirmSignup'
  | 'resetPassword'
  | 'accountExists'
  | 'socialLinked'
  | 'newMessages'
  | 'newListingAlert'
  /** To a wanted post's member: a new listing matches it. */
  | 'wantedMatch'
  /** To the buyer of a confirmed sale: review the seller. */
  | 'reviewTheSeller'
  /** To its seller: review the buyer. */
  | 'reviewTheBuyer'
  | 'contactSupport'
  | 'contactAcknowledgement'
  | 'paymentFailed'
  | 'planLapsed'
  | 'passwordChanged'
  | 'confirmEmailChange'
  | 'emailChanged'
  | 'emailInUse'
  | 'twoFactorOn'
  | 'twoFactorOff'
  | 'twoFactorLocked'
  | 'accountDeleted'
  | 'accountDeletionScheduled'
  | 'accountDeletionReminder'
  | 'dataExportReady'
  | 'accountSuspended'
  | 'accountSuspendedForGood'
  | 'orderUpdate';

type EmailOptions = Omit<Parameters<typeof renderEmail>[1], 'supportEmail'>;

/** The mail transport, and the app's emails written with the configured support address. */
export interface TemplateMailer extends Mailer {
  compose(template: EmailTemplate, options: EmailOptions): MailMessage;
}

export function withTemplates(mailer: Mailer, site: { supportEmail: string }): TemplateMailer {
  return {
    ...mailer,
    compose: (template, options) => renderEmail(template, { ...options, supportEmail: site.supportEmail }),
  };
}

/**
 * A translated email with one action: HTML with a button and the same link written out, and a plain
 * text part whose link works when copied.
 */
export function renderEmail(
  template: EmailTemplate,
  options: {
    to: string;
    language: Language;
    link: string;
    name?: string | null;
    params?: Record<string, string | number>;
    /** Someone's words shown as a quote (a message), escaped like everything else. */
    quote?: string;
    /** Where questions go, said at the foot of every email (`SUPPORT_EMAIL`). */
    supportEmail: string;
  },
): MailMessage {
  const t = emailTranslator(options.language);
  const name = options.name?.trim();
  const params = { hours: 24, ...options.params, name };
  const subject = t(`${template}.subject`, params);
  const greeting = name ? t('common.greeting', params) : t('common.greetingNoName');
  const body = t(`${template}.body`, params);
  const action = t(`${template}.action`, params);
  const note = t(`${template}.note`, params);
  const pasteLink = t('common.pasteLink');
  const signature = t('common.signature');
  const help = t('common.help', { email: options.supportEmail });

  const quote = options.quote?.trim();
  const text = [
    greeting,
    '',
    body,
    ...(quote ? ['', ...quote.split('\n').map((line) => `> ${line}`)] : []),
    '',
    `${action}:`,
    options.link,
    '',
    note,
    '',
    signature,
    help,
  ].join('\n');
  const quoteHtml = quote
    ? `<blockquote style="margin:0 0 24px;padding:12px 16px;border-left:4px solid #e2e8f0;background:#f8fafc;white-space:pre-wrap;line-height:1.5">${escapeHtml(quote)}</blockquote>\n`
    : '';
  const html = `<!doctype html>
<html lang="${options.language}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f8fafc;font-family:Arial,Helvetica,sans-serif;color:#0f172a">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">
<tr><td>
<p style="font-size:20px;font-weight:bold;margin:0 0 24px">ModMarket</p>
<p style="margin:0 0 16px">${escapeHtml(greeting)}</p>
<p style="margin:0 0 24px;line-height:1.5">${escapeHtml(body)}</p>
${quoteHtml}<p style="margin:0 0 24px"><a href="${escapeHtml(options.link)}" style="display:inline-block;background:#c2410c;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:bold">${escapeHtml(action)}</a></p>
<p style="margin:0 0 8px;font-size:13px;color:#475569">${escapeHtml(pasteLink)}</p>
<p style="margin:0 0 24px;font-size:13px;word-break:break-all"><a href="${escapeHtml(options.link)}" style="color:#c2410c">${escapeHtml(options.link)}</a></p>
<p style="margin:0 0 24px;font-size:13px;color:#475569;line-height:1.5">${escapeHtml(note)}</p>
<p style="margin:0 0 8px;font-size:13px;color:#475569">${escapeHtml(signature)}</p>
<p style="margin:0;font-size:13px;color:#475569">${escapeHtml(help)}</p>
</td></tr></table></body></html>`;
  return { to: options.to, subject, text, html };
}
