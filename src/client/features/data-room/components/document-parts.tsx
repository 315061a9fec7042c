// Small pieces the data room's lists share: the type icon, the loading rows, and the table both
// roles' document lists are (the startup's own documents, the investor's "Shared with me"). On
// narrow screens a table's secondary columns fold into a line under the name, so nothing scrolls
// sideways at 375px.
import type { ReactNode } from 'react';
import { Download, Eye, FileSpreadsheet, FileText, FileType2, Presentation, type LucideIcon } from 'lucide-react';
import type { DocumentSummary } from '@shared/contracts/documents';
import { Button } from '@/components/ui/button';
import { ListSkeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import { documentContentUrl } from '../api';
import { documentKind, formatFileSize, formatShortDate } from '../document-format';

const ICONS: Record<string, LucideIcon> = {
  PDF: FileType2,
  DOCX: FileText,
  DOC: FileText,
  TXT: FileText,
  XLSX: FileSpreadsheet,
  XLS: FileSpreadsheet,
  CSV: FileSpreadsheet,
  PPTX: Presentation,
  PPT: Presentation,
};

export function DocumentTypeIcon({ mimeType, className }: { mimeType: string; className?: string }) {
  const Icon = ICONS[documentKind(mimeType).label] ?? FileText;
  return (
    <span className={cn('flex size-9 shrink-0 items-center justify-center rounded-md bg-accent text-accent-foreground', className)}>
      <Icon aria-hidden className="size-[18px]" />
    </span>
  );
}

export function DocumentRowsSkeleton({ rows = 3, label }: { rows?: number; label: string }) {
  return <ListSkeleton label={label} rows={rows} leadingClassName="size-9" hasAction className="divide-y" rowClassName="px-4" />;
}

export interface DocumentColumn {
  label: string;
  /** Its width, and the breakpoint from which it shows. */
  className: string;
}

/** The columns both tables have: category, type and size (KindCells fills them). */
export const KIND_COLUMNS: readonly DocumentColumn[] = [
  { label: 'Category', className: 'hidden w-40 px-3 py-3 xl:table-cell' },
  { label: 'Type', className: 'hidden w-16 px-3 py-3 sm:table-cell' },
  { label: 'Size', className: 'hidden w-20 px-3 py-3 sm:table-cell' },
];

/** A table of documents: Name first, then `columns`; the rows are the children. */
export function DocumentTable({ caption, columns, children }: { caption: string; columns: readonly DocumentColumn[]; children: ReactNode }) {
  return (
    <div className="overflow-hidden rounded-xl border bg-card shadow-sm">
      <table className="w-full table-fixed text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b bg-muted/50 text-left text-xs font-medium tracking-wide text-muted-foreground uppercase">
          <tr>
            <th scope="col" className="px-4 py-3">
              Name
            </th>
            {columns.map((column) => (
              <th key={column.label} scope="col" className={column.className}>
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y">{children}</tbody>
      </table>
    </div>
  );
}

/**
 * The name cell: the type icon and the name, which opens the preview. Under it, `summary`: what
 * the hidden columns would say, on screens too narrow for them.
 */
export function DocumentNameCell({ document, onPreview, summary }: { document: DocumentSummary; onPreview: () => void; summary: ReactNode }) {
  return (
    <td className="px-4 py-3">
      <div className="flex min-w-0 items-center gap-3">
        <DocumentTypeIcon mimeType={document.type} className="hidden sm:flex" />
        <div className="min-w-0">
          <button
            type="button"
            onClick={onPreview}
            className="max-w-full rounded-sm text-left font-medium break-words underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
          >
            {document.name}
          </button>
          <p className="mt-0.5 text-xs break-words text-muted-foreground">{summary}</p>
        </div>
      </div>
    </td>
  );
}

const categoryOf = (document: DocumentSummary) => document.category ?? 'Uncategorized';

/** Category, type and size for the summary line, each hidden where its own column shows. */
export function KindSummary({ document }: { document: DocumentSummary }) {
  return (
    <>
      <span className="xl:hidden">{categoryOf(document)}</span>
      <span className="sm:hidden">
        {' · '}
        {documentKind(document.type).label} · {formatFileSize(document.size)}
      </span>
    </>
  );
}

/** The cells under KIND_COLUMNS. */
export function KindCells({ document }: { document: DocumentSummary }) {
  return (
    <>
      <td className="hidden px-3 py-3 break-words xl:table-cell">{categoryOf(document)}</td>
      <td className="hidden px-3 py-3 sm:table-cell">{documentKind(document.type).label}</td>
      <td className="hidden px-3 py-3 whitespace-nowrap tabular-nums sm:table-cell">{formatFileSize(document.size)}</td>
    </>
  );
}

/** A date column (uploaded, shared), from xl up. */
export function DateCell({ value }: { value: string | null | undefined }) {
  return <td className="hidden px-3 py-3 xl:table-cell">{value && <time dateTime={value}>{formatShortDate(value)}</time>}</td>;
}

export function PreviewButton({ document, onPreview }: { document: DocumentSummary; onPreview: () => void }) {
  return (
    <Button variant="ghost" size="icon" className="size-9" onClick={onPreview} aria-label={`Preview ${document.name}`}>
      <Eye aria-hidden />
    </Button>
  );
}

/** Download: the owner's original by default; an investor's copy is `href` (documentDownloadUrl: checked and stamped). */
export function DownloadButton({ document, href = documentContentUrl(document.id) }: { document: DocumentSummary; href?: string }) {
  return (
    <Button asChild variant="ghost" size="icon" className="size-9">
      <a href={href} download aria-label={`Download ${document.name}`}>
        <Download aria-hidden />
      </a>
    </Button>
  );
}
