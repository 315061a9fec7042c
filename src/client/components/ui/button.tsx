import type { ComponentProps, ReactNode } from 'react';
import { Link } from 'wouter';
import { ArrowLeft, ArrowRight, LoaderCircle } from 'lucide-react';
import { Slot } from 'radix-ui';
import { cva, type VariantProps } from 'class-variance-authority';
import { cn } from '@/lib/utils';

export const buttonVariants = cva(
  'inline-flex shrink-0 items-center justify-center gap-2 whitespace-nowrap rounded-md text-sm font-medium transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background disabled:pointer-events-none disabled:opacity-60 [&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*="size-"])]:size-4',
  {
    variants: {
      variant: {
        default: 'bg-primary text-primary-foreground shadow-sm hover:bg-primary/90',
        destructive: 'bg-destructive text-destructive-foreground shadow-sm hover:bg-destructive/90',
        outline: 'border border-input bg-background shadow-xs hover:bg-accent hover:text-accent-foreground',
        secondary: 'bg-secondary text-secondary-foreground hover:bg-secondary/80',
        ghost: 'hover:bg-accent hover:text-accent-foreground',
        link: 'text-primary underline-offset-4 hover:underline',
      },
      size: {
        default: 'h-10 px-4 py-2',
        sm: 'h-9 px-3',
        lg: 'h-11 px-6',
        icon: 'size-10',
      },
    },
    defaultVariants: { variant: 'default', size: 'default' },
  },
);

export type ButtonProps = ComponentProps<'button'> & VariantProps<typeof buttonVariants> & { asChild?: boolean };

export function Button({ className, variant, size, asChild = false, type, ...props }: ButtonProps) {
  const Component = asChild ? Slot.Root : 'button';
  // Default to type="button" so a stray button inside a form never submits it by accident.
  return <Component className={cn(buttonVariants({ variant, size }), className)} type={asChild ? type : (type ?? 'button')} {...props} />;
}

/** A button's label while its action runs: a spinner and the pending text ("Saving..."), else the label. */
export function PendingLabel({ isPending, pendingText, children }: { isPending: boolean; pendingText: string; children: ReactNode }) {
  if (!isPending) return children;
  return (
    <>
      <LoaderCircle aria-hidden className="animate-spin" />
      {pendingText}
    </>
  );
}

/**
 * A link to another screen, drawn as a button, with an arrow after the text going forward, before
 * it going back (or none). The usual way out of an empty state.
 */
export function LinkButton({
  href,
  children,
  direction = 'forward',
  variant = 'outline',
  size,
  className,
}: {
  href: string;
  children: ReactNode;
  direction?: 'forward' | 'back' | 'none';
  className?: string;
} & VariantProps<typeof buttonVariants>) {
  return (
    <Button asChild variant={variant} size={size} className={className}>
      <Link href={href}>
        {direction === 'back' && <ArrowLeft aria-hidden />}
        {children}
        {direction === 'forward' && <ArrowRight aria-hidden />}
      </Link>
    </Button>
  );
}
