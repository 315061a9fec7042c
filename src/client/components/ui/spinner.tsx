import { LoaderCircle } from 'lucide-react';
import { cn } from '@/lib/utils';

/** An announced loading indicator: role="status" with a spoken label, the icon itself hidden. */
export function Spinner({ label = 'Loading', className, showLabel = false }: { label?: string; className?: string; showLabel?: boolean }) {
  return (
    <div role="status" aria-label={label} className={cn('inline-flex items-center gap-2 text-muted-foreground', className)}>
      <LoaderCircle aria-hidden className="size-5 animate-spin" />
      {showLabel && <span className="text-sm">{label}</span>}
    </div>
  );
}

export function FullPageSpinner({ label }: { label: string }) {
  return (
    <div className="flex min-h-dvh items-center justify-center">
      <Spinner label={label} showLabel className="text-base" />
    </div>
  );
}
