import type { Language, TaskEvent } from '@klimadesk/contract';
import { t, texts } from '@klimadesk/contract/messages';

const EVENT_LABELS: Record<TaskEvent, Record<Language, string>> = {
  assigned: texts('tasks.mail.assigned'),
  changed: texts('tasks.mail.changed'),
  deleted: texts('tasks.mail.deleted'),
};

/** The one e-mail that reports a user's waiting task events, in the user's language. */
export function taskMail(
  lang: Language,
  p: { name: string; link: string; events: { event: TaskEvent; description: string }[] },
): { subject: string; text: string } {
  const lines = p.events.map((e) => `- ${EVENT_LABELS[e.event][lang]}: ${e.description}`).join('\n');
  const n = p.events.length;
  const mail = n === 1 ? 'tasks.mail.one' : 'tasks.mail.many';
  const params = { n, name: p.name, lines, link: p.link };
  return { subject: t(lang, `${mail}.subject`, params), text: t(lang, `${mail}.text`, params) };
}
