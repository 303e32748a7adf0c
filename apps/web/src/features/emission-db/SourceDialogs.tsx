import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { Source } from '@klimadesk/contract/emission-db/schemas';
import { call, can, queryOptions } from '../../app/client.ts';
import { currentLanguage } from '../../app/i18n.ts';
import { useMe } from '../../app/useMe.ts';
import { DatesProvider, DayPicker } from '../../components/DayPicker.tsx';
import { FormDialog, applyServerError } from '../../components/FormDialog.tsx';
import { FormText } from '../../components/form.tsx';
import { formatNumber } from '../../components/format.ts';
import { formatDay } from '../../components/units.ts';
import { useApiMutation } from '../../components/useApiMutation.ts';
import { ViewDialog } from '../../components/ViewDialog.tsx';

export const SOURCE_KEYS = [['sources'], ['sourceVersions']] as const;

type SourceForm = { name: string; url: string; details: string; licence: string };

const sourceForm = z.object({
  name: z.string().trim().min(1).max(200),
  // The server takes http(s) links only (contract `safeUrl`); its refusal marks the field.
  url: z.string().trim().max(2000),
  details: z.string().max(4000),
  licence: z.string().max(300),
});

/** Creates a source or changes its name, link, details and licence (seed 002 §3 Source). */
export function SourceDialog({ source, onClose }: { source: Source | null; onClose: () => void }) {
  const { t } = useTranslation(['emissionDb', 'common']);
  const form = useForm<SourceForm>({
    resolver: zodResolver(sourceForm),
    defaultValues: {
      name: source?.name ?? '',
      url: source?.url ?? '',
      details: source?.details ?? '',
      licence: source?.licence ?? '',
    },
  });
  const save = useApiMutation({
    mutate: (v: SourceForm) => {
      const body = {
        name: v.name.trim(),
        url: v.url.trim() || null,
        details: v.details.trim() || null,
        licence: v.licence.trim() || null,
      };
      return source
        ? call('updateSource', { params: { id: source.id }, body })
        : call('createSource', { body });
    },
    invalidate: SOURCE_KEYS,
    success: (saved) => t(source ? 'sources.saved' : 'sources.created', { name: saved.name }),
    onSuccess: onClose,
    errorOf: (err) =>
      applyServerError(err, form.setError, (f) =>
        ['name', 'url', 'details', 'licence'].includes(f) ? f : null,
      ),
  });
  const { control } = form;
  return (
    <FormDialog
      id="emission-source"
      title={source ? t('sources.editTitle', { name: source.name }) : t('sources.createTitle')}
      mutation={save}
      onSubmit={form.handleSubmit((v) => save.run(v))}
      onClose={onClose}
      maxWidth="sm"
      requiredHint
      submitLabel={source ? undefined : t('common:actions.create')}
      submitTestId="source-save"
      errorTestId="source-error"
    >
      <FormText
        control={control}
        name="name"
        label={t('sources.name')}
        required
        // A dialog moves focus into itself on opening, to its first field (WAI-ARIA APG dialog pattern).
        // oxlint-disable-next-line jsx-a11y/no-autofocus
        autoFocus
        slotProps={{ htmlInput: { 'data-testid': 'source-name' } }}
      />
      <FormText control={control} name="url" label={t('sources.url')} type="url" />
      <FormText control={control} name="licence" label={t('sources.licence')} />
      <FormText control={control} name="details" label={t('sources.details')} multiline minRows={3} />
    </FormDialog>
  );
}

/** A source's editions (seed 002 §3 Source version), newest first, and a new one. */
export function SourceVersionsDialog({ source, onClose }: { source: Source; onClose: () => void }) {
  const { t } = useTranslation(['emissionDb', 'common']);
  const lang = currentLanguage();
  const me = useMe();
  const versions = useQuery({
    ...queryOptions('sourceVersions', { query: { source: source.id, pagination: 'false' } }),
    select: (d) => d['hydra:member'],
  });
  const [adding, setAdding] = useState(false);
  return (
    <ViewDialog
      id="source-versions-title"
      title={t('sources.versionsTitle', { name: source.name })}
      onClose={onClose}
      contentSx={{ display: 'grid', gap: 2, alignContent: 'start' }}
      actions={
        !adding &&
        can(me, 'createSourceVersion') && (
          <Button onClick={() => setAdding(true)} data-testid="source-version-add">
            {t('sources.addVersion')}
          </Button>
        )
      }
    >
      {versions.data?.length === 0 ? (
        <Typography color="text.secondary">{t('sources.versionsEmpty')}</Typography>
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={t('sources.versionsAria', { name: source.name })}>
            <TableHead>
              <TableRow>
                <TableCell>{t('sources.version')}</TableCell>
                <TableCell>{t('sources.validFrom')}</TableCell>
                <TableCell>{t('sources.validUntil')}</TableCell>
                <TableCell>{t('sources.releaseDate')}</TableCell>
                <TableCell align="right">{t('sources.columns.factors')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {(versions.data ?? []).map((v) => (
                <TableRow key={v.id}>
                  <TableCell sx={{ fontWeight: 600 }}>{v.version}</TableCell>
                  <TableCell>{formatDay(v.validFrom, lang)}</TableCell>
                  <TableCell>{v.validUntil ? formatDay(v.validUntil, lang) : '–'}</TableCell>
                  <TableCell>{v.releaseDate ? formatDay(v.releaseDate, lang) : '–'}</TableCell>
                  <TableCell align="right">{formatNumber(v.factorCount, lang, 0)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
      {adding && <VersionForm sourceId={source.id} onDone={() => setAdding(false)} />}
    </ViewDialog>
  );
}

function VersionForm({ sourceId, onDone }: { sourceId: string; onDone: () => void }) {
  const { t } = useTranslation(['emissionDb', 'common']);
  const [version, setVersion] = useState('');
  const [validFrom, setValidFrom] = useState<string | null>(null);
  const [validUntil, setValidUntil] = useState<string | null>(null);
  const [releaseDate, setReleaseDate] = useState<string | null>(null);
  const save = useApiMutation({
    mutate: () =>
      call('createSourceVersion', {
        body: { source: sourceId, version: version.trim(), validFrom: validFrom!, validUntil, releaseDate },
      }),
    invalidate: SOURCE_KEYS,
    success: (v) => t('sources.versionCreated', { version: v.version }),
    onSuccess: onDone,
  });
  const periodInvalid = !!validFrom && !!validUntil && validUntil < validFrom;
  const valid = useMemo(
    () => version.trim() !== '' && !!validFrom && !periodInvalid,
    [version, validFrom, periodInvalid],
  );
  return (
    <Box
      component="form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (valid) void save.run();
      }}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start', alignContent: 'flex-start' }}
    >
      <DatesProvider>
        <TextField
          label={t('sources.version')}
          value={version}
          required
          size="small"
          onChange={(e) => setVersion(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 50 } }}
        />
        <DayPicker label={t('sources.validFrom')} value={validFrom} onChange={setValidFrom} required />
        <DayPicker
          label={t('sources.validUntil')}
          value={validUntil}
          onChange={setValidUntil}
          error={periodInvalid}
          helperText={periodInvalid ? t('factor.periodInvalid') : undefined}
        />
        <DayPicker label={t('sources.releaseDate')} value={releaseDate} onChange={setReleaseDate} />
      </DatesProvider>
      <Button type="submit" variant="contained" disabled={!valid || save.busy}>
        {t('common:actions.create')}
      </Button>
      {save.error && (
        <Typography color="error" role="alert" sx={{ width: '100%' }}>
          {save.error}
        </Typography>
      )}
    </Box>
  );
}
