// Class-name helper for the shadcn-style components: later Tailwind classes win over earlier ones,
// so a caller's `className` can override a component's defaults.
import { clsx, type ClassValue } from 'clsx';
import { twMerge } from 'tailwind-merge';

export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}

/** "Ada Lovelace" → "AL"; used where we have no avatar image. */
export function initials(firstName: string, lastName: string): string {
  return `${firstName.trim().charAt(0)}${lastName.trim().charAt(0)}`.toUpperCase() || '?';
}

/** A count on a badge: above `cap` it reads "99+", which keeps the badge inside its button. */
export function badgeText(count: number, cap = 99): string {
  return count > cap ? `${cap}+` : String(count);
}
