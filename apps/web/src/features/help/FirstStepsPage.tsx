import { HelpArticle } from './HelpArticle.tsx';

/** The first steps in the product (/help/first-steps), searchable by section. */
export function FirstStepsPage() {
  return <HelpArticle type="firstSteps" page="firstSteps" accordion={false} />;
}
