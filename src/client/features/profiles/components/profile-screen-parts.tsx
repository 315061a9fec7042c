// The frame both profile screens share: loading skeleton and the tab list layout.
import type { ComponentProps } from 'react';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { TabsContent, TabsList } from '@/components/ui/tabs';
import { cn } from '@/lib/utils';

export function ProfileScreenSkeleton() {
  return (
    <div role="status" aria-label="Loading your profile" className="grid gap-6">
      <Card>
        <CardContent className="grid gap-3 p-6">
          <Skeleton className="h-4 w-40" />
          <Skeleton className="h-2 w-full max-w-xs" />
        </CardContent>
      </Card>
      <Skeleton className="h-10 w-full max-w-lg" />
      <Card>
        <CardHeader>
          <Skeleton className="h-6 w-48" />
          <Skeleton className="h-4 w-72 max-w-full" />
        </CardHeader>
        <CardContent className="grid gap-5 sm:grid-cols-2">
          {Array.from({ length: 6 }, (_, index) => (
            <div key={index} className="grid gap-2">
              <Skeleton className="h-3.5 w-24" />
              <Skeleton className="h-4 w-40" />
            </div>
          ))}
        </CardContent>
      </Card>
    </div>
  );
}

/** Three equal columns on phones (labels wrap), a compact row from sm up. */
export function ProfileTabsList({ className, ...props }: ComponentProps<typeof TabsList>) {
  return <TabsList className={cn('grid h-auto w-full grid-cols-3 sm:inline-flex sm:h-10 sm:w-auto', className)} {...props} />;
}

export const profileTabTriggerClass = 'h-full min-h-10 px-2 py-1.5 leading-tight whitespace-normal sm:px-3 sm:whitespace-nowrap';

/**
 * Panels stay mounted while hidden, so an unsaved edit on one tab survives a look at another.
 */
export function ProfileTabPanel(props: ComponentProps<typeof TabsContent>) {
  return <TabsContent forceMount className="data-[state=inactive]:hidden" {...props} />;
}
