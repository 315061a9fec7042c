// Small pieces the data room's lists share: the type icon and the loading rows.
import { FileSpreadsheet, FileText, FileType2, Presentation, type LucideIcon } from 'lucide-react';
import { ListSkeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import { documentKind } from '../document-format';

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
