import { HelpArticle } from './HelpArticle.tsx';

/** Every error message with its cause and remedy (/help/errors): search and accordion. */
export function ErrorsPage() {
  return <HelpArticle type="errors" page="errors" accordion />;
}
