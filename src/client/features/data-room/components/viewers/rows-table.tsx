// A read-only table for spreadsheet and CSV previews. The first row is taken as the header, as
// it is in almost every fundraising model; very long sheets are cut, with a note to download.
import { cn } from '@/lib/utils';

export const MAX_PREVIEW_ROWS = 500;

export function RowsTable({ rows, label, className }: { rows: string[][]; label: string; className?: string }) {
  if (rows.length === 0) return <p className="py-10 text-center text-sm text-muted-foreground">This sheet is empty.</p>;
  const [header = [], ...body] = rows;
  const columnCount = Math.max(...rows.map((row) => row.length));
  const shownBody = body.slice(0, MAX_PREVIEW_ROWS);
  return (
    <div className="grid gap-2">
      {/* Focusable so keyboard users can scroll it (WCAG 2.1.1). */}
      <div
        role="region"
        aria-label={label}
        tabIndex={0}
        className={cn('max-h-[60dvh] overflow-auto rounded-md border outline-none focus-visible:ring-2 focus-visible:ring-ring', className)}
      >
        <table className="w-max min-w-full border-collapse text-sm">
          <thead className="sticky top-0 bg-muted">
            <tr>
              {Array.from({ length: columnCount }, (_, index) => (
                <th key={index} scope="col" className="border-b px-3 py-2 text-left font-semibold whitespace-nowrap">
                  {header[index] ?? ''}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {shownBody.map((row, rowIndex) => (
              <tr key={rowIndex} className="even:bg-muted/30">
                {Array.from({ length: columnCount }, (_, index) => (
                  <td key={index} className="border-b px-3 py-1.5 align-top whitespace-pre-wrap">
                    {row[index] ?? ''}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {body.length > MAX_PREVIEW_ROWS && (
        <p className="text-xs text-muted-foreground">
          Showing the first {MAX_PREVIEW_ROWS} of {body.length} rows. Download the file to see them all.
        </p>
      )}
    </div>
  );
}
