import { HelpArticle } from './HelpArticle.tsx';

/** Frequently asked questions (/help/faq): search and accordion. */
export function FaqPage() {
  return <HelpArticle type="faq" page="faq" accordion />;
}
