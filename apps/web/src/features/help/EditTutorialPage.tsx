import { TUTORIAL_STEPS } from '@klimadesk/contract/help/schemas';
import { TextEditor } from './TextEditor.tsx';

/** The platform admin's editor of the six steps of the introductory tour (/smp-admin/edit-tutorial). */
export function EditTutorialPage() {
  return <TextEditor type="tutorial" page="tutorial" steps={TUTORIAL_STEPS} countEntries={false} />;
}
