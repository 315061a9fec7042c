import { ExternalLink as ExternalLinkIcon } from 'lucide-react';
import { safeExternalUrl } from '@/lib/format';
import { cn } from '@/lib/utils';

/**
 * A link that leaves VentureMatch: only http(s) addresses are linked, in a new tab, without
 * giving the other site a handle on this window (noopener) or our URL (noreferrer).
 */
export function ExternalLink({ href, children, className }: { href: string | null | undefined; children?: string; className?: string }) {
  const safe = safeExternalUrl(href);
  if (!safe) return href ? <span className={cn('break-all', className)}>{href}</span> : null;
  return (
    <a
      href={safe.href}
      target="_blank"
      rel="noopener noreferrer"
      className={cn(
        'inline-flex max-w-full items-center gap-1 font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:rounded-sm focus-visible:ring-2 focus-visible:ring-ring',
        className,
      )}
    >
      <span className="truncate">{children ?? safe.label}</span>
      <ExternalLinkIcon aria-hidden className="size-3.5 shrink-0" />
      <span className="sr-only">(opens in a new tab)</span>
    </a>
  );
}
