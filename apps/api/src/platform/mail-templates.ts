import type { Language } from '@klimadesk/contract';

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

export const mailTemplates = {
  confirmRegistration: (lang: Language, p: { name: string; link: string; days: number }): Template =>
    lang === 'de'
      ? {
          subject: 'Klimadesk: Bitte bestätigen Sie Ihre E-Mail-Adresse',
          text: `Hallo ${p.name},\n\nbitte bestätigen Sie Ihre Registrierung bei Klimadesk:\n${p.link}\n\nDer Link ist ${p.days} Tage gültig.`,
        }
      : {
          subject: 'Klimadesk: Please confirm your e-mail address',
          text: `Hello ${p.name},\n\nplease confirm your Klimadesk registration:\n${p.link}\n\nThe link is valid for ${p.days} days.`,
        },
  resetPassword: (lang: Language, p: { name: string; link: string; hours: number }): Template =>
    lang === 'de'
      ? {
          subject: 'Klimadesk: Passwort zurücksetzen',
          text: `Hallo ${p.name},\n\nüber diesen Link setzen Sie ein neues Passwort:\n${p.link}\n\nDer Link ist ${p.hours} Stunden gültig und nur einmal verwendbar. Wenn Sie das nicht angefordert haben, ignorieren Sie diese E-Mail.`,
        }
      : {
          subject: 'Klimadesk: Reset your password',
          text: `Hello ${p.name},\n\nset a new password with this link:\n${p.link}\n\nThe link is valid for ${p.hours} hours and works once. If you did not ask for this, ignore this e-mail.`,
        },
  invitation: (
    lang: Language,
    p: { name: string; by: string; company: string; link: string; days: number },
  ): Template =>
    lang === 'de'
      ? {
          subject: 'Klimadesk: Einladung zu Ihrem Konto',
          text: `Hallo ${p.name},\n\n${p.by} hat für Sie ein Klimadesk-Konto bei ${p.company} angelegt. Legen Sie über diesen Link Ihr Passwort fest:\n${p.link}\n\nDer Link ist ${p.days} Tage gültig und nur einmal verwendbar. Danach melden Sie sich mit Ihrer E-Mail-Adresse an.`,
        }
      : {
          subject: 'Klimadesk: Invitation to your account',
          text: `Hello ${p.name},\n\n${p.by} created a Klimadesk account for you at ${p.company}. Set your password with this link:\n${p.link}\n\nThe link is valid for ${p.days} days and works once. Then sign in with your e-mail address.`,
        },
  confirmEmailChange: (lang: Language, p: { name: string; link: string; hours: number }): Template =>
    lang === 'de'
      ? {
          subject: 'Klimadesk: Bitte bestätigen Sie Ihre neue E-Mail-Adresse',
          text: `Hallo ${p.name},\n\nSie möchten diese Adresse für Ihr Klimadesk-Konto verwenden. Bitte bestätigen Sie sie über diesen Link:\n${p.link}\n\nDer Link ist ${p.hours} Stunden gültig und nur einmal verwendbar. Bis dahin bleibt Ihre bisherige Adresse gültig.`,
        }
      : {
          subject: 'Klimadesk: Please confirm your new e-mail address',
          text: `Hello ${p.name},\n\nyou want to use this address for your Klimadesk account. Please confirm it with this link:\n${p.link}\n\nThe link is valid for ${p.hours} hours and works once. Until then your previous address stays in use.`,
        },
  emailChangeRequested: (lang: Language, p: { name: string; newEmail: string }): Template =>
    lang === 'de'
      ? {
          subject: 'Klimadesk: Änderung Ihrer E-Mail-Adresse angefordert',
          text: `Hallo ${p.name},\n\nfür Ihr Klimadesk-Konto wurde die neue E-Mail-Adresse ${p.newEmail} angegeben. Sie gilt erst, wenn sie über den an sie gesendeten Link bestätigt wird. Wenn Sie das nicht waren, ändern Sie bitte Ihr Passwort und wenden Sie sich an den Support.`,
        }
      : {
          subject: 'Klimadesk: Change of your e-mail address requested',
          text: `Hello ${p.name},\n\nthe new e-mail address ${p.newEmail} was entered for your Klimadesk account. It takes effect only once it is confirmed with the link sent to it. If this was not you, please change your password and contact support.`,
        },
  supportMessage: (p: { from: string; company: string; subject: string; message: string }): Template => ({
    subject: `Support: ${p.subject}`,
    text: `From: ${p.from}\nCompany: ${p.company}\n\n${p.message}`,
  }),
  companyAdminMessage: (lang: Language, p: { from: string; subject: string; message: string }): Template =>
    lang === 'de'
      ? { subject: `Klimadesk: ${p.subject}`, text: `Nachricht von ${p.from}:\n\n${p.message}` }
      : { subject: `Klimadesk: ${p.subject}`, text: `Message from ${p.from}:\n\n${p.message}` },
  registrationForKnownEmail: (
    lang: Language,
    p: { name: string; loginLink: string; resetLink: string },
  ): Template =>
    lang === 'de'
      ? {
          subject: 'Klimadesk: Registrierung mit Ihrer E-Mail-Adresse',
          text: `Hallo ${p.name},\n\nmit Ihrer E-Mail-Adresse wurde versucht, ein neues Klimadesk-Konto zu registrieren. Sie haben bereits ein Konto. Melden Sie sich hier an:\n${p.loginLink}\n\nWenn Sie Ihr Passwort vergessen haben, setzen Sie es hier zurück:\n${p.resetLink}\n\nWenn Sie das nicht waren, ignorieren Sie diese E-Mail; an Ihrem Konto wurde nichts geändert.`,
        }
      : {
          subject: 'Klimadesk: Registration with your e-mail address',
          text: `Hello ${p.name},\n\nsomeone tried to register a new Klimadesk account with your e-mail address. You already have an account. Sign in here:\n${p.loginLink}\n\nIf you forgot your password, reset it here:\n${p.resetLink}\n\nIf this was not you, ignore this e-mail; nothing about your account was changed.`,
        },
  companyAlreadyRegistered: (
    lang: Language,
    p: { name: string; company: string; email: string },
  ): Template =>
    lang === 'de'
      ? {
          subject: 'Klimadesk: Registrierungsversuch für Ihr Unternehmen',
          text: `${p.name} (${p.email}) hat versucht, das Unternehmen ${p.company} erneut zu registrieren. Wenn diese Person Zugang braucht, legen Sie bitte einen Benutzer für sie an.`,
        }
      : {
          subject: 'Klimadesk: Registration attempt for your company',
          text: `${p.name} (${p.email}) tried to register the company ${p.company} again. If this person needs access, please create a user for them.`,
        },
};
