import { TextEditor } from './TextEditor.tsx';

/** The platform admin's tender guide editor (/smp-admin/edit-tender-guide). */
export function EditTenderGuidePage() {
  return <TextEditor type="tenderGuide" page="tenderGuide" helpPath="/help/tender-guide" />;
}
