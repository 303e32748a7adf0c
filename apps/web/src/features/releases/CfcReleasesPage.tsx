import { ReleaseListPage } from './ReleaseListPage.tsx';

/** `/cfc/releases`: the release list with the carbon footprint module's notes (seed 002 §2). */
export function CfcReleasesPage() {
  return <ReleaseListPage module="cfc" />;
}
