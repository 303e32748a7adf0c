import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';

/**
 * The state of a file upload as a live region: the bytes sent (determinate bar), then the server's
 * processing (indeterminate), in the caller's words.
 */
export function UploadProgress({
  phase,
  progress,
  text,
}: {
  phase: 'uploading' | 'processing';
  /** Percent of the file sent. */
  progress: number;
  text: { uploading: string; processing: string; progress: string };
}) {
  return (
    <Box component="output" aria-live="polite" sx={{ display: 'block' }}>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {phase === 'uploading' ? text.uploading : text.processing}
      </Typography>
      <LinearProgress
        variant={phase === 'uploading' ? 'determinate' : 'indeterminate'}
        value={progress}
        aria-label={text.progress}
        sx={{ height: 8, borderRadius: 4 }}
      />
    </Box>
  );
}
