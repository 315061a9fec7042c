// The foot of a Settings form: the form-level error (what no field owns) beside the submit button,
// stacked on phones.
import type { ReactNode } from 'react';
import { Button, PendingLabel } from '@/components/ui/button';
import { cn } from '@/lib/utils';

export function FormFooter({
  error,
  isPending,
  pendingText,
  children,
  className,
}: {
  error: string | null | undefined;
  isPending: boolean;
  pendingText: string;
  /** The submit button's label. */
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn('flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between', className)}>
      {error ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : (
        <span />
      )}
      <Button type="submit" className="sm:self-end">
        <PendingLabel isPending={isPending} pendingText={pendingText}>
          {children}
        </PendingLabel>
      </Button>
    </div>
  );
}
