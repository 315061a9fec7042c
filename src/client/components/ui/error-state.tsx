import { RefreshCw, TriangleAlert } from 'lucide-react';
import { cn } from '@/lib/utils';
import { Button } from './button';

/** Something failed to load: says what, shows the server's sentence, and offers a retry. */
export function ErrorState({
  title,
  message,
  onRetry,
  isRetrying = false,
  className,
  compact = false,
}: {
  title: string;
  message?: string;
  onRetry?: () => void;
  isRetrying?: boolean;
  className?: string;
  compact?: boolean;
}) {
  return (
    <div
      role="alert"
      className={cn(
        'flex flex-col items-center justify-center rounded-xl border border-destructive/30 bg-destructive/5 text-center',
        compact ? 'px-4 py-6' : 'px-6 py-14',
        className,
      )}
    >
      <div className={cn('flex items-center justify-center rounded-full bg-destructive/10 text-destructive', compact ? 'mb-2 size-9' : 'mb-4 size-12')}>
        <TriangleAlert aria-hidden className={compact ? 'size-4' : 'size-6'} />
      </div>
      <p className="text-sm font-semibold">{title}</p>
      {message && <p className="mt-1 max-w-md text-sm text-muted-foreground">{message}</p>}
      {onRetry && (
        <Button variant="outline" size="sm" className="mt-4" onClick={onRetry} disabled={isRetrying}>
          <RefreshCw aria-hidden className={isRetrying ? 'animate-spin' : undefined} />
          {isRetrying ? 'Retrying...' : 'Try again'}
        </Button>
      )}
    </div>
  );
}
