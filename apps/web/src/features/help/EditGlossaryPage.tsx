import { TextEditor } from './TextEditor.tsx';

/** The platform admin's glossary editor (/smp-admin/edit-glossar). */
export function EditGlossaryPage() {
  return <TextEditor type="glossary" page="glossary" helpPath="/help/glossar" />;
}
