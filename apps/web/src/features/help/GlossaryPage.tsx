import { HelpArticle } from './HelpArticle.tsx';

/** The domain terms (/help/glossar): search and accordion. */
export function GlossaryPage() {
  return <HelpArticle type="glossary" page="glossary" accordion />;
}
