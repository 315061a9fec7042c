// A dashboard stat card: title, value, icon, description and an optional link.
import { Link } from 'wouter';
import { ArrowRight, type LucideIcon } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';

export interface StatCardProps {
  title: string;
  value: string;
  icon: LucideIcon;
  description: string;
  link?: { href: string; label: string };
  className?: string;
}

export function StatCard({ title, value, icon: Icon, description, link, className }: StatCardProps) {
  return (
    <Card className={cn('flex flex-col p-5', className)}>
      <div className="flex items-start justify-between gap-3">
        <h3 className="text-sm font-medium text-muted-foreground">{title}</h3>
        <div className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-accent text-accent-foreground">
          <Icon aria-hidden className="size-[18px]" />
        </div>
      </div>
      <p className="mt-1 text-3xl font-semibold tracking-tight tabular-nums">{value}</p>
      <p className="mt-1 text-sm text-muted-foreground">{description}</p>
      {link && (
        <Link
          href={link.href}
          className="mt-auto inline-flex items-center gap-1 self-start rounded-sm pt-3 text-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
        >
          {link.label}
          <ArrowRight aria-hidden className="size-3.5" />
        </Link>
      )}
    </Card>
  );
}

export function StatCardSkeleton() {
  return (
    <Card className="p-5">
      <div className="flex items-start justify-between">
        <Skeleton className="h-4 w-28" />
        <Skeleton className="size-9 rounded-lg" />
      </div>
      <Skeleton className="mt-2 h-8 w-16" />
      <Skeleton className="mt-2 h-4 w-40" />
    </Card>
  );
}
