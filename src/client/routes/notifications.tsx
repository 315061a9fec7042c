// /notifications: every notification, newest first, one page at a time ("Load more" follows the
// server's cursor), with an Unread filter and "Mark all as read" (issue #18).
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'wouter';
import { Bell, CheckCheck } from 'lucide-react';
import { Button, PendingLabel } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { NextPageFooter } from '@/components/ui/next-page-footer';
import { ErrorState } from '@/components/ui/error-state';
import { PageHeader } from '@/components/ui/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { notificationPagesQuery, unreadNotificationCountQuery, useMarkAllNotificationsRead, type NotificationFilter } from '@/features/notifications/api';
import { NotificationRows, NotificationRowsSkeleton } from '@/features/notifications/components/notification-list';

export function NotificationsScreen() {
  // The filter lives in the address (`?filter=unread`), so a reload or a shared link keeps it.
  const [params, setParams] = useSearchParams();
  const filter: NotificationFilter = params.get('filter') === 'unread' ? 'unread' : 'all';
  const setFilter = (next: string) =>
    setParams(
      (previous) => {
        const search = new URLSearchParams(previous);
        if (next === 'unread') search.set('filter', 'unread');
        else search.delete('filter');
        return search;
      },
      { replace: true },
    );
  const unread = useQuery(unreadNotificationCountQuery).data?.unread ?? 0;
  const markAll = useMarkAllNotificationsRead();
  return (
    <>
      <PageHeader
        title="Notifications"
        description="What happened on your matches, messages, documents and plans, newest first."
        actions={
          <Button variant="outline" onClick={() => markAll.mutate()} disabled={unread === 0 || markAll.isPending}>
            <CheckCheck aria-hidden />
            <PendingLabel isPending={markAll.isPending} pendingText="Marking...">
              Mark all as read
            </PendingLabel>
          </Button>
        }
      />
      <Tabs value={filter} onValueChange={setFilter}>
        <TabsList aria-label="Show" className="mb-4">
          <TabsTrigger value="all">All</TabsTrigger>
          <TabsTrigger value="unread">Unread{unread > 0 ? ` (${unread})` : ''}</TabsTrigger>
        </TabsList>
        <TabsContent value="all">
          <NotificationPages filter="all" />
        </TabsContent>
        <TabsContent value="unread">
          <NotificationPages filter="unread" />
        </TabsContent>
      </Tabs>
    </>
  );
}

function NotificationPages({ filter }: { filter: NotificationFilter }) {
  const { data, isPending, isError, error, refetch, isRefetching, fetchNextPage, hasNextPage, isFetchingNextPage, isFetchNextPageError } = useInfiniteQuery(
    notificationPagesQuery(filter),
  );
  const items = data?.pages.flatMap((page) => page.items) ?? [];
  if (isPending)
    return (
      <Card>
        <CardContent className="p-0 py-2">
          <NotificationRowsSkeleton count={6} />
        </CardContent>
      </Card>
    );
  if (isError && !isFetchNextPageError)
    return <ErrorState title="Error loading notifications" message={error.message} onRetry={() => void refetch()} isRetrying={isRefetching} />;
  if (items.length === 0)
    return filter === 'unread' ? (
      <EmptyState icon={CheckCheck} title="You're all caught up" description="Nothing unread. New notifications will appear here as they arrive." />
    ) : (
      <EmptyState icon={Bell} title="No notifications yet" description="News about your matches, messages and documents will show up here." />
    );
  return (
    <div className="grid gap-4">
      <Card className="overflow-hidden">
        <CardContent className="p-0">
          <NotificationRows notifications={items} />
        </CardContent>
      </Card>
      <NextPageFooter
        hasNextPage={hasNextPage}
        isFetchingNextPage={isFetchingNextPage}
        isFetchNextPageError={isFetchNextPageError}
        error={error}
        fetchNextPage={fetchNextPage}
        errorTitle="Error loading notifications"
        endText="That's all of your notifications."
      />
    </div>
  );
}
