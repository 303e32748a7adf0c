import type { Language } from '@klimadesk/contract';
import { type MessageParams, t } from '@klimadesk/contract/messages';

type Template = { subject: string; text: string };

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

export function toHtml(text: string): string {
  return `<div style="font-family:sans-serif;white-space:pre-line">${escapeHtml(text).replace(
    /(https?:\/\/[^\s<]+)/g,
    '<a href="$1">$1</a>',
  )}</div>`;
}

type MailName =
  | 'confirmRegistration'
  | 'resetPassword'
  | 'invitation'
  | 'confirmEmailChange'
  | 'emailChangeRequested'
  | 'companyAdminMessage'
  | 'registrationForKnownEmail'
  | 'companyAlreadyRegistered';

/** A mail's subject and text from the message catalogue (`mail.<name>`). */
const mailText = (lang: Language, name: MailName, p: MessageParams): Template => ({
  subject: t(lang, `mail.${name}.subject`, p),
  text: t(lang, `mail.${name}.text`, p),
});

export const mailTemplates = {
  confirmRegistration: (lang: Language, p: { name: string; link: string; days: number }): Template =>
    mailText(lang, 'confirmRegistration', p),
  resetPassword: (lang: Language, p: { name: string; link: string; hours: number }): Template =>
    mailText(lang, 'resetPassword', p),
  invitation: (
    lang: Language,
    p: { name: string; by: string; company: string; link: string; days: number },
  ): Template => mailText(lang, 'invitation', p),
  confirmEmailChange: (lang: Language, p: { name: string; link: string; hours: number }): Template =>
    mailText(lang, 'confirmEmailChange', p),
  emailChangeRequested: (lang: Language, p: { name: string; newEmail: string }): Template =>
    mailText(lang, 'emailChangeRequested', p),
  supportMessage: (p: { from: string; company: string; subject: string; message: string }): Template => ({
    subject: `Support: ${p.subject}`,
    text: `From: ${p.from}\nCompany: ${p.company}\n\n${p.message}`,
  }),
  companyAdminMessage: (lang: Language, p: { from: string; subject: string; message: string }): Template =>
    mailText(lang, 'companyAdminMessage', p),
  registrationForKnownEmail: (
    lang: Language,
    p: { name: string; loginLink: string; resetLink: string },
  ): Template => mailText(lang, 'registrationForKnownEmail', p),
  companyAlreadyRegistered: (lang: Language, p: { name: string; company: string; email: string }): Template =>
    mailText(lang, 'companyAlreadyRegistered', p),
};
