// A date typed as MM/dd/yyyy or picked from a calendar (week starts on Sunday, format
// MM/dd/yyyy). Typing stays possible because a date years back is quicker to type than to reach
// in a calendar, and it is what keyboard and screen-reader users expect from a text field.
// The form value is yyyy-MM-dd (what the API takes); unreadable text is passed through as typed,
// so the form's schema reports it ("Please enter a valid date") instead of silently dropping it.
import { useState } from 'react';
import { CalendarDays, ChevronDown, ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Calendar, CalendarPopoverContent } from '@/components/ui/calendar';
import { Input } from '@/components/ui/input';
import { Popover, PopoverTrigger } from '@/components/ui/popover';
import type { FieldControlProps } from '@/components/ui/form-field';
import { DISPLAY_DATE_FORMAT, formatDisplayDate, parseCalendarDate, toCalendarDateValue } from '@/lib/calendar-date';
import { cn } from '@/lib/utils';
import { parseTypedDate } from '../portfolio-values';

// Month and year dropdowns in the calendar's caption (an investment can be years back): a
// transparent native <select> over its visible label, so keyboards and screen readers get the
// real control.
const DROPDOWN_CLASS_NAMES = {
  caption_label: 'inline-flex items-center gap-1 text-sm font-medium',
  dropdowns: 'flex items-center justify-center gap-1.5',
  dropdown_root:
    'relative inline-flex h-8 items-center rounded-md border border-input px-2 shadow-xs has-[select:focus-visible]:ring-2 has-[select:focus-visible]:ring-ring',
  dropdown: 'absolute inset-0 cursor-pointer bg-popover opacity-0',
};

function Chevron({ orientation, className }: { orientation?: 'up' | 'down' | 'left' | 'right'; className?: string }) {
  const Icon = orientation === 'left' ? ChevronLeft : orientation === 'down' ? ChevronDown : ChevronRight;
  return <Icon aria-hidden className={cn(orientation === 'down' ? 'size-3.5 text-muted-foreground' : 'size-4', className)} />;
}

export function DateField({
  control,
  value,
  onChange,
  onBlur,
  label,
  fromYear = 1900,
  toDate = new Date(),
}: {
  control: FieldControlProps;
  value: string | undefined;
  onChange: (value: string) => void;
  onBlur: () => void;
  /** The field's name, for the calendar button's label ("Choose Investment Date"). */
  label: string;
  fromYear?: number;
  toDate?: Date;
}) {
  const [text, setText] = useState(() => formatDisplayDate(value) ?? value ?? '');
  const [isOpen, setIsOpen] = useState(false);
  const selected = parseCalendarDate(value);

  return (
    <div className="flex gap-2">
      <Input
        {...control}
        value={text}
        inputMode="numeric"
        autoComplete="off"
        placeholder={DISPLAY_DATE_FORMAT.toUpperCase()}
        onChange={(event) => {
          setText(event.target.value);
          onChange(event.target.value.trim() === '' ? '' : (parseTypedDate(event.target.value) ?? event.target.value));
        }}
        onBlur={() => {
          // Tidy a readable entry ("6/3/2025") into the spec's format once the user leaves the field.
          const iso = parseTypedDate(text);
          if (iso) setText(formatDisplayDate(iso) ?? text);
          onBlur();
        }}
      />
      <Popover open={isOpen} onOpenChange={setIsOpen}>
        <PopoverTrigger asChild>
          <Button variant="outline" size="icon" aria-label={`Choose ${label}`}>
            <CalendarDays aria-hidden />
          </Button>
        </PopoverTrigger>
        <CalendarPopoverContent align="end" aria-label={`Choose ${label}`}>
          <Calendar
            mode="single"
            selected={selected}
            defaultMonth={selected ?? toDate}
            captionLayout="dropdown"
            startMonth={new Date(fromYear, 0, 1)}
            endMonth={toDate}
            disabled={{ after: toDate }}
            classNames={DROPDOWN_CLASS_NAMES}
            components={{ Chevron }}
            onSelect={(date) => {
              if (!date) return;
              const iso = toCalendarDateValue(date);
              setText(formatDisplayDate(iso) ?? iso);
              onChange(iso);
              setIsOpen(false);
            }}
          />
        </CalendarPopoverContent>
      </Popover>
    </div>
  );
}
