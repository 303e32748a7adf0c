import { MyTariffsPage } from './MyTariffsPage.tsx';

/** `/cfc/tariff-bookings`: the company's bookings of the carbon footprint module (seed 002 §2). */
export function CfcTariffBookingsPage() {
  return <MyTariffsPage module="cfc" />;
}
