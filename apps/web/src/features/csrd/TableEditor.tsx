import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Add from '@mui/icons-material/Add';
import Close from '@mui/icons-material/Close';
import { useTranslation } from 'react-i18next';

/** Adds an empty row as wide as the widest one (at least two cells). */
export function addRow(table: string[][]): string[][] {
  const width = Math.max(2, ...table.map((r) => r.length));
  return [...table, Array.from({ length: width }, () => '')];
}

/** Adds an empty cell to every row (a first row of two when the table is empty). */
export function addColumn(table: string[][]): string[][] {
  if (table.length === 0) return [['', '']];
  return table.map((r) => [...r, '']);
}

export function setCell(table: string[][], row: number, col: number, value: string): string[][] {
  return table.map((r, i) => (i === row ? r.map((c, j) => (j === col ? value : c)) : r));
}

/**
 * A table value of an indicator (seed 001 §3: tableValue): rows of text cells, the first row holds
 * the column titles. Rows and columns are added and rows removed in place.
 */
export function TableEditor({
  value,
  onChange,
  disabled,
  label,
}: {
  value: string[][];
  onChange: (v: string[][]) => void;
  disabled?: boolean;
  label: string;
}) {
  const { t } = useTranslation('csrd');
  return (
    <Box
      component="fieldset"
      aria-label={label}
      sx={{ display: 'grid', gap: 1, border: 0, m: 0, p: 0, minWidth: 0 }}
    >
      {value.length > 0 && (
        <Box sx={{ overflowX: 'auto' }}>
          <Box component="table" sx={{ borderCollapse: 'collapse' }}>
            <tbody>
              {value.map((row, i) => (
                <tr key={i}>
                  {row.map((cell, j) => (
                    <Box component="td" key={j} sx={{ p: 0.25 }}>
                      <TextField
                        size="small"
                        value={cell}
                        disabled={disabled}
                        onChange={(e) => onChange(setCell(value, i, j, e.target.value))}
                        placeholder={i === 0 ? t('table.heading') : ''}
                        slotProps={{
                          htmlInput: {
                            'aria-label': t('table.cell', { row: i + 1, col: j + 1 }),
                            style: i === 0 ? { fontWeight: 600 } : undefined,
                          },
                        }}
                        sx={{ minWidth: 120 }}
                      />
                    </Box>
                  ))}
                  <td>
                    {!disabled && (
                      <Tooltip title={t('table.removeRow')}>
                        <IconButton
                          size="small"
                          aria-label={t('table.removeRowAria', { row: i + 1 })}
                          onClick={() => onChange(value.filter((_, k) => k !== i))}
                        >
                          <Close fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </Box>
        </Box>
      )}
      {!disabled && (
        <Box sx={{ display: 'flex', gap: 1 }}>
          <Button size="small" startIcon={<Add />} onClick={() => onChange(addRow(value))}>
            {t('table.addRow')}
          </Button>
          <Button size="small" startIcon={<Add />} onClick={() => onChange(addColumn(value))}>
            {t('table.addColumn')}
          </Button>
        </Box>
      )}
    </Box>
  );
}
