import { Handshake } from 'lucide-react';
import { cn } from '@/lib/utils';

/** The VentureMatch logo: a gradient tile with the wordmark. Decorative tile, readable name. */
export function BrandMark({ className, inverted = false }: { className?: string; inverted?: boolean }) {
  return (
    <span className={cn('inline-flex items-center gap-2.5 font-semibold tracking-tight', className)}>
      <span
        aria-hidden
        className={cn(
          'flex size-8 items-center justify-center rounded-lg shadow-sm',
          inverted ? 'bg-white/15 text-white ring-1 ring-white/25' : 'bg-gradient-to-br from-brand-from to-brand-to text-white',
        )}
      >
        <Handshake className="size-[18px]" strokeWidth={2.25} />
      </span>
      <span className="text-lg">
        Venture<span className={inverted ? 'text-white' : 'text-primary'}>Match</span>
      </span>
    </span>
  );
}
