// A month calendar on react-day-picker, styled with the app's tokens instead of the library's
// stylesheet. DayPicker brings the accessible grid: arrow keys move by day and week, PageUp and
// PageDown by month, Home and End to the week's ends, and every day button is labelled with its
// full date. The week starts on Sunday.
import { useEffect, useRef, type ComponentProps } from 'react';
import { DayPicker, getDefaultClassNames, type DayButton } from 'react-day-picker';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { buttonVariants } from './button';
import { PopoverContent } from './popover';
import { cn } from '@/lib/utils';

export type CalendarProps = ComponentProps<typeof DayPicker>;

export function Calendar({ className, classNames, showOutsideDays = true, components, ...props }: CalendarProps) {
  const defaults = getDefaultClassNames();
  return (
    <DayPicker
      weekStartsOn={0}
      showOutsideDays={showOutsideDays}
      className={cn('w-fit p-3', className)}
      classNames={{
        root: defaults.root,
        months: 'relative flex flex-col gap-4',
        month: 'flex w-full flex-col gap-3',
        nav: 'absolute inset-x-0 top-0 flex items-center justify-between',
        button_previous: cn(buttonVariants({ variant: 'ghost', size: 'icon' }), 'size-8 aria-disabled:opacity-50'),
        button_next: cn(buttonVariants({ variant: 'ghost', size: 'icon' }), 'size-8 aria-disabled:opacity-50'),
        month_caption: 'flex h-8 items-center justify-center px-10',
        caption_label: 'text-sm font-medium',
        month_grid: 'w-full border-collapse',
        weekdays: 'flex',
        weekday: 'w-9 text-[0.8rem] font-normal text-muted-foreground select-none',
        week: 'mt-1 flex w-full',
        day: 'size-9 p-0 text-center text-sm',
        outside: 'text-muted-foreground',
        disabled: 'opacity-50',
        hidden: 'invisible',
        ...classNames,
      }}
      components={{
        Chevron: ({ orientation, className: chevronClass }) =>
          orientation === 'left' ? (
            <ChevronLeft aria-hidden className={cn('size-4', chevronClass)} />
          ) : (
            <ChevronRight aria-hidden className={cn('size-4', chevronClass)} />
          ),
        DayButton: CalendarDayButton,
        ...components,
      }}
      {...props}
    />
  );
}

/**
 * DayPicker puts its modifiers on the cell; the button carries them as data attributes so it
 * can be styled directly. It keeps the library's own behaviour of focusing the focused day.
 */
function CalendarDayButton({ className, day, modifiers, ...props }: ComponentProps<typeof DayButton>) {
  const ref = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (modifiers.focused) ref.current?.focus();
  }, [modifiers.focused]);
  return (
    <button
      ref={ref}
      data-day={day.isoDate}
      data-selected={modifiers.selected || undefined}
      data-today={modifiers.today || undefined}
      className={cn(
        'inline-flex size-9 items-center justify-center rounded-md font-normal tabular-nums transition-colors outline-none',
        'hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-1 focus-visible:ring-offset-background',
        'data-[today]:font-semibold data-[today]:underline data-[today]:underline-offset-4',
        'data-[selected]:bg-primary data-[selected]:text-primary-foreground data-[selected]:hover:bg-primary/90',
        className,
      )}
      {...props}
    />
  );
}

/**
 * The popover a Calendar opens in. Focus starts on DayPicker's focus target (the chosen day, else
 * today, else the month's first day), where the arrow keys take over. Done here rather than with
 * DayPicker's autoFocus, which runs before the popover's focus scope exists, so a surrounding
 * dialog would pull focus straight back.
 */
export function CalendarPopoverContent({ className, ...props }: ComponentProps<typeof PopoverContent>) {
  const ref = useRef<HTMLDivElement>(null);
  return (
    <PopoverContent
      ref={ref}
      className={cn('w-auto p-0', className)}
      onOpenAutoFocus={(event) => {
        event.preventDefault();
        ref.current?.querySelector<HTMLButtonElement>('table button[tabindex="0"]')?.focus();
      }}
      {...props}
    />
  );
}
