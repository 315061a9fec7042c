// A multi-select as a group of checkbox "chips": real checkboxes inside a fieldset with a legend,
// so each choice is a tab stop that Space toggles and screen readers announce with its group.
import { cn } from '@/lib/utils';

export function ChoiceGroup<T extends string>({
  id,
  legend,
  hint,
  options,
  value,
  onChange,
  error,
  disabled,
}: {
  id: string;
  legend: string;
  hint?: string;
  options: readonly T[];
  value: readonly string[];
  onChange: (next: T[]) => void;
  error?: string;
  disabled?: boolean;
}) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  const toggle = (option: T, isChecked: boolean) => {
    const chosen = new Set(value);
    if (isChecked) chosen.add(option);
    else chosen.delete(option);
    // Keep the spec's order whatever order the boxes were ticked in.
    onChange(options.filter((candidate) => chosen.has(candidate)));
  };
  return (
    <fieldset id={id} aria-describedby={describedBy} disabled={disabled} className="grid gap-3">
      <legend className="mb-3 text-sm leading-none font-medium">{legend}</legend>
      {hint && (
        <p id={hintId} className="-mt-1 text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {options.map((option) => {
          const isChecked = value.includes(option);
          return (
            <label
              key={option}
              className={cn(
                'inline-flex cursor-pointer items-center gap-2 rounded-full border bg-background px-3 py-1.5 text-sm transition-colors select-none hover:bg-accent/60',
                'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring has-[:focus-visible]:ring-offset-1 has-[:focus-visible]:ring-offset-background',
                'has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60',
                isChecked && 'border-primary bg-accent font-medium text-accent-foreground',
              )}
            >
              <input
                type="checkbox"
                value={option}
                checked={isChecked}
                onChange={(event) => toggle(option, event.target.checked)}
                className="size-4 shrink-0 cursor-pointer accent-primary outline-none"
              />
              {option}
            </label>
          );
        })}
      </div>
      {error && (
        <p id={errorId} role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </fieldset>
  );
}
