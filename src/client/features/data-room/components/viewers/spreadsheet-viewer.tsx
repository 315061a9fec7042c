// XLSX preview: read-excel-file reads every sheet in the browser; each sheet is a table, with a
// picker when there are several. A watermarked document's sheet is painted into canvases with the
// watermark drawn in (issue #20).
import { useEffect, useState } from 'react';
import readXlsxFile from 'read-excel-file/browser';
import { ErrorState } from '@/components/ui/error-state';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { RowsTable } from './rows-table';
import type { ViewerIdentity } from './watermark-canvas';
import { WatermarkedRows } from './watermarked-preview';

interface SheetRows {
  name: string;
  rows: string[][];
}

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return dateFormat.format(value);
  return String(value);
}

export default function SpreadsheetViewer({ data, name, watermark }: { data: ArrayBuffer; name: string; watermark: ViewerIdentity | null }) {
  const [sheets, setSheets] = useState<SheetRows[]>();
  const [error, setError] = useState<string>();
  const [selected, setSelected] = useState(0);

  useEffect(() => {
    let isCurrent = true;
    readXlsxFile(data)
      .then((result) => {
        if (isCurrent) setSheets(result.map((sheet) => ({ name: sheet.sheet, rows: sheet.data.map((row) => row.map(cellText)) })));
      })
      .catch(() => {
        if (isCurrent) setError('This spreadsheet could not be read. It may be damaged; try downloading it instead.');
      });
    return () => {
      isCurrent = false;
    };
  }, [data]);

  if (error) return <ErrorState title="We couldn't open this spreadsheet" message={error} />;
  if (!sheets) return <Spinner label="Reading the spreadsheet" showLabel className="flex justify-center py-16" />;
  const sheet = sheets[selected] ?? sheets[0];
  if (!sheet) return <p className="py-10 text-center text-sm text-muted-foreground">This spreadsheet has no sheets.</p>;
  return (
    <div className="grid gap-3">
      {sheets.length > 1 && (
        <div className="grid max-w-xs gap-2">
          <label htmlFor="preview-sheet" className="text-sm font-medium">
            Sheet
          </label>
          <Select id="preview-sheet" value={selected} onChange={(event) => setSelected(Number(event.target.value))}>
            {sheets.map((option, index) => (
              <option key={option.name} value={index}>
                {option.name}
              </option>
            ))}
          </Select>
        </div>
      )}
      {watermark ? (
        <WatermarkedRows key={sheet.name} rows={sheet.rows} name={`${name}, sheet ${sheet.name}`} identity={watermark} />
      ) : (
        <RowsTable rows={sheet.rows} label={`${name}, sheet ${sheet.name}`} />
      )}
    </div>
  );
}
