import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return <div aria-hidden className={cn('animate-pulse rounded-md bg-muted', className)} {...props} />;
}

/**
 * Placeholder rows for a list that is loading: an optional leading shape (avatar, icon, logo), two
 * lines of text and an optional trailing button. The wrapper is a labelled status for screen readers.
 */
export function ListSkeleton({
  label,
  rows,
  leadingClassName,
  hasAction = false,
  className,
  rowClassName,
  rowTestId,
  lineWidths = ['w-1/2', 'w-1/3'],
}: {
  label: string;
  rows: number;
  /** Size and shape of the leading block, e.g. 'size-9 rounded-full'; none when omitted. */
  leadingClassName?: string;
  hasAction?: boolean;
  className?: string;
  rowClassName?: string;
  rowTestId?: string;
  /** The widths of the two text lines. */
  lineWidths?: readonly [string, string];
}) {
  return (
    <div role="status" aria-label={label} className={cn('grid', className)}>
      {Array.from({ length: rows }, (_, index) => (
        <div key={index} data-testid={rowTestId} className={cn('flex items-center gap-3 py-3', rowClassName)}>
          {leadingClassName && <Skeleton className={cn('shrink-0', leadingClassName)} />}
          <div className="grid flex-1 gap-2">
            <Skeleton className={cn('h-4', lineWidths[0])} />
            <Skeleton className={cn('h-3', lineWidths[1])} />
          </div>
          {hasAction && <Skeleton className="h-9 w-24" />}
        </div>
      ))}
    </div>
  );
}
