import { TextEditor } from './TextEditor.tsx';

/** The platform admin's editor of the error explanations (/smp-admin/edit-errors). */
export function EditErrorsPage() {
  return <TextEditor type="errors" page="errors" helpPath="/help/errors" />;
}
