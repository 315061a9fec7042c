// The frame of a dashboard card that previews one list from the server: a titled region, the
// list's loading, failure and empty states, and the "see more" link at its foot. Each card brings
// only its query, its words and how one loaded list looks.
import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { Card, CardContent, CardDescription, CardFooter, CardFooterLink, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';

/** What the card reads from its query; a TanStack Query result has all of it. */
interface PreviewQuery {
  isPending: boolean;
  isError: boolean;
  error: Error | null;
  isFetching: boolean;
  refetch: () => unknown;
}

export interface PreviewEmptyState {
  icon: LucideIcon;
  title: string;
  description: string;
  action?: ReactNode;
}

export function PreviewCard<T>({
  titleId,
  title,
  description,
  className,
  headerClassName = 'pb-2',
  query,
  data,
  loading,
  errorTitle,
  isEmpty,
  empty,
  footer,
  children,
}: {
  /** The title's id: the region is named by its title. */
  titleId: string;
  title: string;
  description: ReactNode;
  className?: string;
  headerClassName?: string;
  query: PreviewQuery;
  /** What the card shows once loaded: the query's data, or what the card derives from it. */
  data: T | undefined;
  loading: ReactNode;
  /** The failure's heading; the server's sentence and a retry come with it. */
  errorTitle: string;
  isEmpty?: (data: T) => boolean;
  empty?: PreviewEmptyState;
  /** The link at the card's foot; null leaves the foot out. */
  footer: { href: string; label: string } | null;
  children: (data: T) => ReactNode;
}) {
  let content: ReactNode;
  if (query.isPending) content = loading;
  else if (query.isError) {
    content = <ErrorState compact title={errorTitle} message={query.error?.message} onRetry={() => void query.refetch()} isRetrying={query.isFetching} />;
  } else if (data === undefined || isEmpty?.(data)) {
    content = empty && (
      <EmptyState icon={empty.icon} title={empty.title} description={empty.description} action={empty.action} className="py-8" headingLevel={3} />
    );
  } else content = children(data);

  return (
    <Card className={className} role="region" aria-labelledby={titleId}>
      <CardHeader className={headerClassName}>
        <CardTitle id={titleId}>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>{content}</CardContent>
      {footer && (
        <CardFooter className="border-t pt-4">
          <CardFooterLink href={footer.href}>{footer.label}</CardFooterLink>
        </CardFooter>
      )}
    </Card>
  );
}
