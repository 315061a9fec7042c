// An optional calendar date field: a button showing the date (MM/dd/yyyy) that opens the
// calendar in a popover, plus a clear button. The value is a calendar day as YYYY-MM-DD, or ''
// for none, exactly what the API stores, so no time zone ever shifts it.
import { useState } from 'react';
import { CalendarDays, X } from 'lucide-react';
import { formatDisplayDate, parseCalendarDate, toCalendarDateValue } from '@/lib/calendar-date';
import { Button } from './button';
import { Calendar, CalendarPopoverContent } from './calendar';
import { Popover, PopoverTrigger } from './popover';
import { cn } from '@/lib/utils';

export function DatePicker({
  id,
  label,
  value,
  onChange,
  placeholder = 'Pick a date',
  disabled,
  className,
  ...aria
}: {
  id: string;
  /** The field's name; the button is announced as "{label}: {date}" so the value is heard too. */
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  disabled?: boolean;
  className?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}) {
  const [isOpen, setIsOpen] = useState(false);
  const selected = parseCalendarDate(value);
  const shown = formatDisplayDate(value);
  return (
    <div className={cn('flex gap-2', className)}>
      <Popover open={isOpen} onOpenChange={setIsOpen}>
        <PopoverTrigger asChild>
          <Button
            id={id}
            variant="outline"
            disabled={disabled}
            aria-label={`${label}: ${shown ?? 'not set'}`}
            aria-invalid={aria['aria-invalid']}
            aria-describedby={aria['aria-describedby']}
            className="min-w-0 flex-1 justify-start px-3 font-normal aria-invalid:border-destructive"
          >
            <CalendarDays aria-hidden className="text-muted-foreground" />
            {shown ? <span className="tabular-nums">{shown}</span> : <span className="text-muted-foreground">{placeholder}</span>}
          </Button>
        </PopoverTrigger>
        <CalendarPopoverContent align="start" aria-label={`Choose ${label.toLowerCase()}`}>
          <Calendar
            mode="single"
            selected={selected}
            defaultMonth={selected}
            onSelect={(date) => {
              onChange(date ? toCalendarDateValue(date) : '');
              setIsOpen(false);
            }}
          />
        </CalendarPopoverContent>
      </Popover>
      {value && !disabled && (
        <Button variant="ghost" size="icon" aria-label={`Clear ${label.toLowerCase()}`} onClick={() => onChange('')}>
          <X aria-hidden />
        </Button>
      )}
    </div>
  );
}
