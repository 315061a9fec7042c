// One Settings section: a titled card that reads its data with a query and shows a skeleton while
// it loads, a compact error with Retry if the read fails, and then whatever the section renders
// from the data. Every section of /settings has those three states; this is where they live.
import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ErrorState } from '@/components/ui/error-state';
import { ListSkeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';

export function SettingsCard<T>({
  id,
  icon: Icon,
  title,
  description,
  query,
  loadingLabel,
  errorTitle,
  skeletonRows = 2,
  contentClassName,
  children,
}: {
  /** The title's element id, which labels the card. */
  id: string;
  icon: LucideIcon;
  title: string;
  /** What the section is for; it may depend on the data once loaded. */
  description: ReactNode | ((data: T | undefined) => ReactNode);
  query: UseQueryResult<T>;
  loadingLabel: string;
  errorTitle: string;
  skeletonRows?: number;
  contentClassName?: string;
  children: (data: T) => ReactNode;
}) {
  const { data, isPending, isError, error, refetch, isRefetching } = query;
  return (
    <Card aria-labelledby={id}>
      <CardHeader>
        <CardTitle id={id} className="flex items-center gap-2">
          <Icon aria-hidden className="size-5 text-muted-foreground" />
          {title}
        </CardTitle>
        <CardDescription>{typeof description === 'function' ? description(data) : description}</CardDescription>
      </CardHeader>
      <CardContent className={cn(contentClassName)}>
        {isPending ? (
          <ListSkeleton rows={skeletonRows} hasAction label={loadingLabel} />
        ) : isError ? (
          <ErrorState compact title={errorTitle} message={error.message} onRetry={() => void refetch()} isRetrying={isRefetching} />
        ) : (
          children(data)
        )}
      </CardContent>
    </Card>
  );
}
