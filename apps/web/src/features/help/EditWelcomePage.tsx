import { TextEditor } from './TextEditor.tsx';

/** The platform admin's editor of the welcome text on the users' start pages (/smp-admin/edit-welcome). */
export function EditWelcomePage() {
  return <TextEditor type="welcome" page="welcome" countEntries={false} />;
}
