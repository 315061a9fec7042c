// One choice out of a few, as bordered cards: native radios inside the caller's fieldset, so arrow
// keys move between them and screen readers announce the group. Used for decline reasons and
// report categories.
import { cn } from '@/lib/utils';

export function RadioChoices<T extends string>({
  name,
  options,
  value,
  onChange,
  className,
}: {
  /** The radios' shared name: unique on the page. */
  name: string;
  options: ReadonlyArray<{ value: T; label: string }>;
  value: T | undefined;
  onChange: (next: T) => void;
  className?: string;
}) {
  return (
    <div className={cn('grid gap-2 sm:grid-cols-2', className)}>
      {options.map((option) => (
        <label
          key={option.value || 'none'}
          className={cn(
            'flex cursor-pointer items-center gap-2.5 rounded-md border bg-background px-3 py-2.5 text-sm transition-colors hover:bg-accent/60',
            'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60',
            value === option.value && 'border-primary bg-accent font-medium text-accent-foreground',
          )}
        >
          <input
            type="radio"
            name={name}
            value={option.value}
            checked={value === option.value}
            onChange={() => onChange(option.value)}
            className="size-4 shrink-0 accent-primary outline-none"
          />
          {option.label}
        </label>
      ))}
    </div>
  );
}
