import Box from '@mui/material/Box';
import type { Language } from '@klimadesk/contract/constants';

/** German and British flags as inline SVG (no image requests, crisp at any size). */
export function Flag({ lang, size = 20 }: { lang: Language; size?: number }) {
  const common = {
    width: size,
    height: (size * 3) / 5,
    borderRadius: '2px',
    display: 'block',
    flexShrink: 0,
  };
  if (lang === 'de') {
    return (
      <Box component="svg" viewBox="0 0 5 3" aria-hidden="true" sx={common}>
        <rect width="5" height="1" y="0" fill="#000" />
        <rect width="5" height="1" y="1" fill="#D00" />
        <rect width="5" height="1" y="2" fill="#FFCE00" />
      </Box>
    );
  }
  return (
    <Box component="svg" viewBox="0 0 60 36" aria-hidden="true" sx={common}>
      <rect width="60" height="36" fill="#012169" />
      <path d="M0,0 L60,36 M60,0 L0,36" stroke="#fff" strokeWidth="7" />
      <path d="M0,0 L60,36 M60,0 L0,36" stroke="#C8102E" strokeWidth="3" />
      <path d="M30,0 V36 M0,18 H60" stroke="#fff" strokeWidth="11" />
      <path d="M30,0 V36 M0,18 H60" stroke="#C8102E" strokeWidth="6" />
    </Box>
  );
}
