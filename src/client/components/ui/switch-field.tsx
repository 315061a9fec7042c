// A labelled on/off switch for forms (Radix: a button with role="switch", toggled by Space and
// Enter), with a hint under its label that the switch is described by.
import { useId } from 'react';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { Switch as SwitchPrimitive } from 'radix-ui';

/** A labelled on/off switch (Radix: a button with role="switch", toggled by Space and Enter). */
export function SwitchRow({
  label,
  hint,
  checked,
  onCheckedChange,
  disabled = false,
}: {
  label: string;
  hint: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  /** Held in place by another setting (the hint says which). */
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className="flex items-start justify-between gap-4">
      <div className="grid gap-1">
        <label htmlFor={id} className="text-sm leading-none font-medium">
          {label}
        </label>
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      </div>
      <SwitchPrimitive.Root
        id={id}
        checked={checked}
        onCheckedChange={onCheckedChange}
        disabled={disabled}
        aria-describedby={`${id}-hint`}
        className="peer inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent bg-input transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background disabled:cursor-not-allowed disabled:opacity-50 data-[state=checked]:bg-primary"
      >
        <SwitchPrimitive.Thumb className="pointer-events-none block size-5 rounded-full bg-background shadow-lg ring-0 transition-transform data-[state=checked]:translate-x-5 data-[state=unchecked]:translate-x-0" />
      </SwitchPrimitive.Root>
    </div>
  );
}

/** A SwitchRow bound to a boolean field of a react-hook-form form. */
export function SwitchField<T extends FieldValues>({ control, name, label, hint }: { control: Control<T>; name: Path<T>; label: string; hint: string }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => <SwitchRow label={label} hint={hint} checked={Boolean(field.value)} onCheckedChange={field.onChange} />}
    />
  );
}
