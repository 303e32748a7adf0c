import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';

/** One issue of a refused import file, in words. `value` is the cell as the file had it. */
export type ImportIssueRow = { row: number; column: string; value?: string | null; message: string };

/**
 * The row issues of a refused import (row, column, the cell's value where the answer quotes it,
 * what is wrong) in a scrolling table with a sticky header. Without `headers.value` the value
 * column is left out.
 */
export function ImportIssuesTable({
  issues,
  headers,
  label,
  testId,
  maxHeight,
}: {
  issues: readonly ImportIssueRow[];
  headers: { row: string; column: string; value?: string; message: string };
  label: string;
  testId: string;
  maxHeight: number;
}) {
  return (
    <TableContainer sx={{ maxHeight, border: 1, borderColor: 'divider', borderRadius: 2 }}>
      <Table size="small" stickyHeader aria-label={label} data-testid={testId}>
        <TableHead>
          <TableRow>
            <TableCell sx={{ width: 72 }}>{headers.row}</TableCell>
            <TableCell>{headers.column}</TableCell>
            {headers.value !== undefined && <TableCell>{headers.value}</TableCell>}
            <TableCell>{headers.message}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {issues.map((r, i) => (
            <TableRow key={`${r.row}-${r.column}-${i}`}>
              <TableCell>{r.row}</TableCell>
              <TableCell>{r.column}</TableCell>
              {headers.value !== undefined && (
                <TableCell sx={{ wordBreak: 'break-word' }}>{r.value || '–'}</TableCell>
              )}
              <TableCell>{r.message}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
