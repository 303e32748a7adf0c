import { TariffsPage } from './TariffsPage.tsx';

/** `/cfc/tariffs`: the tariff catalogue of the carbon footprint module (seed 002 §2). */
export function CfcTariffsPage() {
  return <TariffsPage module="cfc" />;
}
