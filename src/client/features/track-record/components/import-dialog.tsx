// "Import CSV": choose a file (or paste it), then a preview the server reads without saving: the
// column it suggests for each field (each an editable select that re-reads the file), and every
// row with what it becomes or why it cannot. "Import N investments" saves the valid rows at once.
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { CheckCircle2, FileUp, XCircle } from 'lucide-react';
import {
  IMPORT_FIELD_LABELS,
  IMPORT_FIELDS,
  IMPORT_TOO_LARGE_MESSAGE,
  MAX_IMPORT_CSV_CHARS,
  REQUIRED_IMPORT_FIELDS,
  type ImportField,
  type ImportMapping,
  type ImportPreview,
} from '@shared/contracts/track-record';
import { Button, PendingLabel } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { formatCalendarDate, formatMoney } from '@/lib/format';
import { errorMessage } from '@/lib/use-toast';
import { useImportTrackRecord, usePreviewImport } from '../api';

const isRequired = (field: ImportField) => (REQUIRED_IMPORT_FIELDS as readonly string[]).includes(field);

export function ImportDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open && (
        <DialogContent className="max-w-4xl">
          <ImportSteps onDone={() => onOpenChange(false)} />
        </DialogContent>
      )}
    </Dialog>
  );
}

function ImportSteps({ onDone }: { onDone: () => void }) {
  const [csv, setCsv] = useState('');
  const [fileName, setFileName] = useState<string | null>(null);
  const [localError, setLocalError] = useState<string | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const previewing = usePreviewImport();
  const importing = useImportTrackRecord();
  const fileInput = useRef<HTMLInputElement>(null);
  const id = useId();

  const readPreview = (mapping?: ImportMapping) => {
    setLocalError(null);
    if (csv.trim() === '') return setLocalError('Please choose a CSV file or paste its contents.');
    if (csv.length > MAX_IMPORT_CSV_CHARS) return setLocalError(IMPORT_TOO_LARGE_MESSAGE);
    previewing.mutate(mapping ? { csv, mapping } : { csv }, { onSuccess: setPreview });
  };

  const chooseFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    setLocalError(null);
    // Checked before reading: a 50 MB export should not freeze the tab on its way to a refusal.
    if (file.size > MAX_IMPORT_CSV_CHARS * 4) return setLocalError(IMPORT_TOO_LARGE_MESSAGE);
    setFileName(file.name);
    setCsv(await file.text());
  };

  const changeMapping = (field: ImportField, column: string) => {
    if (!preview) return;
    readPreview({ ...preview.mapping, [field]: column === '' ? null : column });
  };

  const runImport = () => {
    if (!preview) return;
    importing.mutate({ csv, mapping: preview.mapping }, { onSuccess: onDone });
  };

  const failure = localError ?? (previewing.isError ? errorMessage(previewing.error) : importing.isError ? errorMessage(importing.error) : null);

  return (
    <div className="grid min-w-0 gap-5">
      <DialogHeader>
        <DialogTitle>Import CSV</DialogTitle>
        <DialogDescription>
          {preview
            ? 'Check the columns and the rows. Only rows without errors are imported.'
            : 'One row per investment, with a header row: company, date, stage and industry; location, amount and link if you have them. Exports from Crunchbase and most spreadsheets work as they are.'}
        </DialogDescription>
      </DialogHeader>

      {!preview ? (
        <div className="grid gap-4">
          <div className="grid gap-2">
            <Label htmlFor={`${id}-file`}>CSV file</Label>
            <div className="flex flex-wrap items-center gap-3">
              <Button type="button" variant="outline" onClick={() => fileInput.current?.click()}>
                <FileUp aria-hidden />
                Choose file
              </Button>
              <span className="min-w-0 truncate text-sm text-muted-foreground" aria-live="polite">
                {fileName ?? 'No file chosen'}
              </span>
              <input
                ref={fileInput}
                id={`${id}-file`}
                type="file"
                accept=".csv,text/csv,text/plain"
                className="sr-only"
                tabIndex={-1}
                onChange={(event) => void chooseFile(event)}
              />
            </div>
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-paste`}>Or paste the file’s contents</Label>
            <Textarea
              id={`${id}-paste`}
              rows={6}
              className="font-mono text-xs"
              placeholder={'Company,Date,Stage,Industry,Amount\nAcme,2023-04-01,Seed,FinTech,500000'}
              value={csv}
              onChange={(event) => {
                setFileName(null);
                setCsv(event.target.value);
              }}
            />
          </div>
        </div>
      ) : (
        <PreviewView preview={preview} isRereading={previewing.isPending} onChangeMapping={changeMapping} />
      )}

      {failure && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {failure}
        </p>
      )}

      <DialogFooter className="gap-2">
        {preview ? (
          <>
            <Button type="button" variant="outline" onClick={() => setPreview(null)} disabled={importing.isPending}>
              Choose another file
            </Button>
            <Button type="button" onClick={runImport} disabled={importing.isPending || previewing.isPending || preview.validCount === 0}>
              <PendingLabel isPending={importing.isPending} pendingText="Importing...">
                {`Import ${preview.validCount.toLocaleString()} ${preview.validCount === 1 ? 'investment' : 'investments'}`}
              </PendingLabel>
            </Button>
          </>
        ) : (
          <>
            <Button type="button" variant="outline" onClick={onDone}>
              Cancel
            </Button>
            <Button type="button" onClick={() => readPreview()} disabled={previewing.isPending}>
              <PendingLabel isPending={previewing.isPending} pendingText="Reading...">
                Preview
              </PendingLabel>
            </Button>
          </>
        )}
      </DialogFooter>
    </div>
  );
}

function PreviewView({
  preview,
  isRereading,
  onChangeMapping,
}: {
  preview: ImportPreview;
  isRereading: boolean;
  onChangeMapping: (field: ImportField, column: string) => void;
}) {
  const id = useId();
  return (
    <div className="grid min-w-0 gap-5">
      <fieldset className="grid gap-3" disabled={isRereading}>
        <legend className="mb-2 text-sm font-semibold">Columns</legend>
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          {IMPORT_FIELDS.map((field) => (
            <div key={field} className="grid min-w-0 gap-1.5">
              <Label htmlFor={`${id}-${field}`}>
                {IMPORT_FIELD_LABELS[field]}
                {!isRequired(field) && <span className="font-normal text-muted-foreground"> (optional)</span>}
              </Label>
              <Select id={`${id}-${field}`} value={preview.mapping[field] ?? ''} onChange={(event) => onChangeMapping(field, event.target.value)}>
                <option value="">Not in this file</option>
                {preview.columns.map((column) => (
                  <option key={column} value={column}>
                    {column}
                  </option>
                ))}
              </Select>
            </div>
          ))}
        </div>
      </fieldset>

      <p className="text-sm" aria-live="polite">
        {isRereading
          ? 'Reading the file again…'
          : `${preview.rows.length.toLocaleString()} ${preview.rows.length === 1 ? 'row' : 'rows'}: ${preview.validCount.toLocaleString()} ready to import, ${preview.errorCount.toLocaleString()} with errors.`}
      </p>

      {/* Scrolls on its own; focusable so a keyboard can scroll it too. */}
      <div className="max-h-80 overflow-auto rounded-md border" tabIndex={0} role="region" aria-label="Rows of the file">
        <ul className="divide-y">
          {preview.rows.map((row) => (
            <li key={row.rowNumber} className="grid gap-1 px-3 py-2 text-sm" data-row-number={row.rowNumber}>
              <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
                {row.investment ? (
                  <CheckCircle2 aria-hidden className="size-4 shrink-0 self-center text-success" />
                ) : (
                  <XCircle aria-hidden className="size-4 shrink-0 self-center text-destructive" />
                )}
                <span className="text-xs text-muted-foreground">Row {row.rowNumber}</span>
                <span className="sr-only">{row.investment ? 'ready to import:' : 'has errors:'}</span>
                {row.investment ? (
                  <span className="min-w-0 break-words">
                    <span className="font-medium">{row.investment.companyName}</span>
                    {' · '}
                    {formatCalendarDate(row.investment.investedOn)} · {row.investment.stage} · {row.investment.industry}
                    {row.investment.amountUsd !== null && ` · ${formatMoney(row.investment.amountUsd, { isCompact: true })}`}
                  </span>
                ) : (
                  <span className="min-w-0 truncate text-muted-foreground">{row.values.filter(Boolean).join(', ')}</span>
                )}
              </div>
              {row.errors.length > 0 && (
                <ul className="grid gap-0.5 pl-7 text-destructive">
                  {row.errors.map((error) => (
                    <li key={error} className="break-words">
                      {error}
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
