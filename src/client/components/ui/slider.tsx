// A single-thumb Radix Slider, shadcn-style. Radix gives the keyboard model for free: arrows move
// one `step`, PageUp/PageDown (and Shift+arrows) ten steps, Home/End jump to the ends, so a
// 0–100 slider with step 1 has its page-step of 10 without extra code.
import type { ComponentProps } from 'react';
import { Slider as SliderPrimitive } from 'radix-ui';
import { cn } from '@/lib/utils';

export function Slider({
  className,
  thumbLabel,
  thumbLabelledBy,
  valueText,
  ...props
}: ComponentProps<typeof SliderPrimitive.Root> & {
  /** The thumb is the focusable role="slider" element, so it carries the accessible name. */
  thumbLabel?: string;
  thumbLabelledBy?: string;
  /** What a screen reader says for the value, e.g. "at least 40". */
  valueText?: string;
}) {
  return (
    <SliderPrimitive.Root className={cn('relative flex w-full touch-none items-center py-2 select-none data-[disabled]:opacity-60', className)} {...props}>
      <SliderPrimitive.Track className="relative h-2 w-full grow overflow-hidden rounded-full bg-muted">
        <SliderPrimitive.Range className="absolute h-full bg-primary" />
      </SliderPrimitive.Track>
      <SliderPrimitive.Thumb
        aria-label={thumbLabelledBy ? undefined : thumbLabel}
        aria-labelledby={thumbLabelledBy}
        aria-valuetext={valueText}
        className="block size-5 rounded-full border-2 border-primary bg-background shadow-sm transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background data-[disabled]:pointer-events-none"
      />
    </SliderPrimitive.Root>
  );
}
