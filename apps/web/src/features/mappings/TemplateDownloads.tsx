import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import { useTranslation } from 'react-i18next';
import { MAPPING_CATEGORIES, type MappingCategory } from '@klimadesk/contract/mappings/schemas';
import { call } from '../../app/client.ts';
import { notifyError } from '../../components/errors.ts';
import { downloadFile } from '../../components/files.ts';

/** The tour and shipment files to fill in, each with a field guide sheet, in the user's language. */
export function TemplateDownloads() {
  const { t } = useTranslation('mappings');
  const [busy, setBusy] = useState<MappingCategory | null>(null);
  const download = async (category: MappingCategory) => {
    setBusy(category);
    try {
      downloadFile(await call('importTemplate', { query: { category } }));
    } catch (err) {
      notifyError(err);
    } finally {
      setBusy(null);
    }
  };
  return (
    <Box
      sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center', mb: 1 }}
      data-testid="import-templates"
    >
      <Typography variant="body2" color="text.secondary">
        {t('templates.label')}
      </Typography>
      {MAPPING_CATEGORIES.map((c) => (
        <Button
          key={c}
          size="small"
          startIcon={<FileDownloadOutlined />}
          disabled={busy !== null}
          onClick={() => void download(c)}
          data-testid={`import-template-${c}`}
        >
          {t(`templates.${c}`)}
        </Button>
      ))}
    </Box>
  );
}
