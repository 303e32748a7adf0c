import { useRef, useState, type DragEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import Close from '@mui/icons-material/Close';
import InsertDriveFileOutlined from '@mui/icons-material/InsertDriveFileOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import { useTranslation } from 'react-i18next';
import { UPLOAD_MAX_BYTES } from '@klimadesk/contract/constants';
import { currentLanguage } from '../app/i18n.ts';
import { formatNumber } from './format.ts';

function sizeText(bytes: number): string {
  const lang = currentLanguage();
  return bytes < 1_000_000
    ? `${formatNumber(bytes / 1000, lang, 0)} KB`
    : `${formatNumber(bytes / 1_000_000, lang, 1)} MB`;
}

const dropSx = (dragging: boolean): SxProps<Theme> => ({
  border: '2px dashed',
  borderColor: dragging ? 'primary.main' : 'divider',
  bgcolor: dragging ? 'rgba(15,118,110,0.06)' : 'background.default',
  borderRadius: 3,
  p: 3,
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: 1.5,
  textAlign: 'center',
  transition: 'border-color 120ms, background-color 120ms',
});

/** The drop zone with the chosen file's name and size; wrong types and sizes are refused here. */
export function FileDrop({
  id,
  accept,
  file,
  disabled,
  onFile,
  onError,
}: {
  id: string;
  accept: string;
  file: File | null;
  disabled: boolean;
  onFile: (file: File | null) => void;
  onError: (message: string) => void;
}) {
  const { t } = useTranslation('common');
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const extensions = accept.split(',').filter((a) => a.startsWith('.'));
  const pick = (f: File | undefined) => {
    if (!f) return;
    if (!extensions.some((ext) => f.name.toLowerCase().endsWith(ext)))
      onError(t('importKit.wrongType', { types: extensions.join(', ') }));
    else if (f.size > UPLOAD_MAX_BYTES)
      onError(
        t('importKit.tooLarge', { size: formatNumber(UPLOAD_MAX_BYTES / 1_000_000, currentLanguage(), 0) }),
      );
    else onFile(f);
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    if (!disabled) pick(e.dataTransfer.files[0]);
  };
  return (
    <Box
      onDragOver={(e) => {
        e.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      sx={dropSx(dragging)}
    >
      <input
        ref={input}
        type="file"
        accept={accept}
        hidden
        aria-label={t('importKit.choose')}
        data-testid={`${id}-file`}
        onChange={(e) => {
          pick(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
      {file ? (
        <ChosenFile id={id} file={file} disabled={disabled} onRemove={() => onFile(null)} />
      ) : (
        <>
          <UploadFileOutlined color="action" sx={{ fontSize: 36 }} />
          <Typography variant="body2" color="text.secondary">
            {t('importKit.drop', { types: extensions.join(', ') })}
          </Typography>
        </>
      )}
      <Button variant="text" onClick={() => input.current?.click()} disabled={disabled}>
        {t('importKit.choose')}
      </Button>
    </Box>
  );
}

/** The chosen file's name and size, with a button that takes it away again. */
function ChosenFile({
  id,
  file,
  disabled,
  onRemove,
}: {
  id: string;
  file: File;
  disabled: boolean;
  onRemove: () => void;
}) {
  const { t } = useTranslation('common');
  return (
    <Box
      component="fieldset"
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1.5,
        width: '100%',
        maxWidth: 420,
        border: 0,
        m: 0,
        p: 0,
        minWidth: 0,
      }}
      aria-label={t('importKit.selected')}
    >
      <InsertDriveFileOutlined color="primary" />
      <Box sx={{ flex: 1, minWidth: 0, textAlign: 'left' }}>
        <Typography
          variant="body2"
          sx={{ fontWeight: 600 }}
          noWrap
          title={file.name}
          data-testid={`${id}-file-name`}
        >
          {file.name}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {sizeText(file.size)}
        </Typography>
      </Box>
      <IconButton size="small" aria-label={t('importKit.remove')} onClick={onRemove} disabled={disabled}>
        <Close fontSize="small" />
      </IconButton>
    </Box>
  );
}
