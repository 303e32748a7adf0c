import { TextEditor } from './TextEditor.tsx';

/** The platform admin's FAQ editor (/smp-admin/edit-faq). */
export function EditFaqPage() {
  return <TextEditor type="faq" page="faq" helpPath="/help/faq" />;
}
