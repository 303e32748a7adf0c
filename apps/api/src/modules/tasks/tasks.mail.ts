import type { Language, TaskEvent } from '@klimadesk/contract';

const EVENT_LABELS: Record<TaskEvent, Record<Language, string>> = {
  assigned: { de: 'Neu zugewiesen', en: 'Assigned to you' },
  changed: { de: 'Geändert', en: 'Changed' },
  deleted: { de: 'Gelöscht', en: 'Deleted' },
};

/** The one e-mail that reports a user's waiting task events, in the user's language. */
export function taskMail(
  lang: Language,
  p: { name: string; link: string; events: { event: TaskEvent; description: string }[] },
): { subject: string; text: string } {
  const lines = p.events.map((e) => `- ${EVENT_LABELS[e.event][lang]}: ${e.description}`).join('\n');
  const n = p.events.length;
  return lang === 'de'
    ? {
        subject:
          n === 1
            ? 'Klimadesk: 1 Neuigkeit zu Ihren Aufgaben'
            : `Klimadesk: ${n} Neuigkeiten zu Ihren Aufgaben`,
        text: `Hallo ${p.name},\n\nbei Ihren Aufgaben hat sich Folgendes getan:\n${lines}\n\nZu Ihren Aufgaben: ${p.link}\n\nDie Häufigkeit dieser E-Mails stellen Sie auf der Aufgabenseite ein.`,
      }
    : {
        subject: n === 1 ? 'Klimadesk: 1 update on your tasks' : `Klimadesk: ${n} updates on your tasks`,
        text: `Hello ${p.name},\n\nthis happened to your tasks:\n${lines}\n\nYour tasks: ${p.link}\n\nYou choose how often these e-mails come on the tasks page.`,
      };
}
