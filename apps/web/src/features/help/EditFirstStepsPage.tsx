import { TextEditor } from './TextEditor.tsx';

/** The platform admin's editor of the first steps (/smp-admin/edit-first-steps). */
export function EditFirstStepsPage() {
  return <TextEditor type="firstSteps" page="firstSteps" helpPath="/help/first-steps" />;
}
