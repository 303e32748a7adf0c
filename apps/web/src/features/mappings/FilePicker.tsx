import { useId, useRef } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import FileUploadOutlined from '@mui/icons-material/FileUploadOutlined';
import { useTranslation } from 'react-i18next';

/** A file button with the chosen file's name; wrong types are refused here, oversized files by the server. */
export function FilePicker({
  accept,
  file,
  onChange,
  onError,
  disabled,
  label,
  testId,
}: {
  accept: string;
  file: File | null;
  onChange: (file: File) => void;
  onError: (message: string) => void;
  disabled?: boolean;
  label: string;
  testId?: string;
}) {
  const { t } = useTranslation('mappings');
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const extensions = accept.split(',').filter((a) => a.startsWith('.'));
  const pick = (f: File | undefined) => {
    if (!f) return;
    if (!extensions.some((ext) => f.name.toLowerCase().endsWith(ext)))
      onError(t('file.wrongType', { types: extensions.join(', ') }));
    else onChange(f);
  };
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
      <input
        ref={input}
        id={id}
        type="file"
        accept={accept}
        hidden
        data-testid={testId}
        onChange={(e) => {
          pick(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
      <Button
        variant="outlined"
        startIcon={<FileUploadOutlined />}
        disabled={disabled}
        onClick={() => input.current?.click()}
      >
        {label}
      </Button>
      {file ? (
        <Typography variant="body2" sx={{ display: 'flex', alignItems: 'center', gap: 0.5, minWidth: 0 }}>
          <DescriptionOutlined fontSize="small" color="action" />
          <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
            {file.name}
          </Box>
        </Typography>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {t('file.none')}
        </Typography>
      )}
    </Box>
  );
}
