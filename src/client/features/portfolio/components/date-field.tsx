// A date typed as MM/dd/yyyy or picked from a calendar (spec §9: week starts on Sunday, format
// MM/dd/yyyy). Typing stays possible because a date years back is quicker to type than to reach
// in a calendar, and it is what keyboard and screen-reader users expect from a text field.
// The form value is yyyy-MM-dd (what the API takes); unreadable text is passed through as typed,
// so the form's schema reports it ("Please enter a valid date") instead of silently dropping it.
import { useState } from 'react';
import { CalendarDays } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Calendar } from '@/components/ui/calendar';
import { Input } from '@/components/ui/input';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import type { FieldControlProps } from '@/components/ui/form-field';
import { DISPLAY_DATE_FORMAT, isoToLocalDate, localDateToIso, parseTypedDate, toDisplayDate } from '../typed-date';

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
  const [text, setText] = useState(() => (value ? toDisplayDate(value) : ''));
  const [isOpen, setIsOpen] = useState(false);
  const selected = isoToLocalDate(value);

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
          if (iso) setText(toDisplayDate(iso));
          onBlur();
        }}
      />
      <Popover open={isOpen} onOpenChange={setIsOpen}>
        <PopoverTrigger asChild>
          <Button variant="outline" size="icon" aria-label={`Choose ${label}`}>
            <CalendarDays aria-hidden />
          </Button>
        </PopoverTrigger>
        <PopoverContent className="w-auto p-0" align="end" aria-label={`Choose ${label}`}>
          <Calendar
            mode="single"
            selected={selected}
            defaultMonth={selected ?? toDate}
            captionLayout="dropdown"
            startMonth={new Date(fromYear, 0, 1)}
            endMonth={toDate}
            disabled={{ after: toDate }}
            autoFocus
            onSelect={(date) => {
              if (!date) return;
              const iso = localDateToIso(date);
              setText(toDisplayDate(iso));
              onChange(iso);
              setIsOpen(false);
            }}
          />
        </PopoverContent>
      </Popover>
    </div>
  );
}
