import type { ReactElement } from 'react';
import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import ChevronRight from '@mui/icons-material/ChevronRight';
import DirectionsBoatOutlined from '@mui/icons-material/DirectionsBoatOutlined';
import FlightOutlined from '@mui/icons-material/FlightOutlined';
import LocalShippingOutlined from '@mui/icons-material/LocalShippingOutlined';
import SailingOutlined from '@mui/icons-material/SailingOutlined';
import TrainOutlined from '@mui/icons-material/TrainOutlined';
import type { ORDER_TRANSPORT_MODES } from '@klimadesk/contract/orders/schemas';

type Mode = (typeof ORDER_TRANSPORT_MODES)[number];

const ICONS: Record<Mode, ReactElement> = {
  road: <LocalShippingOutlined fontSize="small" />,
  rail: <TrainOutlined fontSize="small" />,
  sea: <DirectionsBoatOutlined fontSize="small" />,
  inland_waterway: <SailingOutlined fontSize="small" />,
  air: <FlightOutlined fontSize="small" />,
};

/**
 * The transport modes of an order's legs in order as icons (road → sea → road; legs of one mode in
 * a row count once), named for screen readers and in a tooltip by the master list's names.
 */
export function OrderListModes({ modes, name }: { modes: readonly Mode[]; name: (mode: Mode) => string }) {
  const chain = modes.filter((m, i) => i === 0 || modes[i - 1] !== m);
  const text = chain.map(name).join(' → ');
  return (
    <Tooltip title={text}>
      <Box
        // One picture made of several icons: an <img> cannot hold them.
        // oxlint-disable-next-line jsx-a11y/prefer-tag-over-role
        role="img"
        aria-label={text}
        data-testid="order-modes"
        sx={{ display: 'inline-flex', alignItems: 'center', color: 'text.secondary', gap: 0.25 }}
      >
        {chain.map((m, i) => (
          <Box key={i} sx={{ display: 'inline-flex', alignItems: 'center' }}>
            {i > 0 && <ChevronRight sx={{ fontSize: 14, opacity: 0.6 }} />}
            {ICONS[m]}
          </Box>
        ))}
      </Box>
    </Tooltip>
  );
}
