import { HelpArticle } from './HelpArticle.tsx';

/** What to ask carriers for in a tender (/help/tender-guide), searchable by section. */
export function TenderGuidePage() {
  return <HelpArticle type="tenderGuide" page="tenderGuide" accordion={false} />;
}
