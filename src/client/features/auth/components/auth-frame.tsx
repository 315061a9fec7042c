// The look of every screen opened without an account (/auth, /reset-password, /verify-email): the
// brand and theme menu over the screen's own heading and content on the left; the welcome text and
// the three product promises on the right, from the lg breakpoint up.
import type { ReactNode } from 'react';
import { FileLock2, Handshake, Sparkles, type LucideIcon } from 'lucide-react';
import { BrandMark } from '@/components/brand-mark';
import { ThemeMenu } from '@/components/theme-menu';
import { useDocumentTitle } from '@/lib/document-title';
import { cn } from '@/lib/utils';

const FEATURES: { icon: LucideIcon; title: string; description: string }[] = [
  {
    icon: Sparkles,
    title: 'Advanced matching algorithm',
    description: 'Every match is scored on business model, investment philosophy and strategic alignment, so each introduction starts from real fit.',
  },
  {
    icon: FileLock2,
    title: 'Secure document sharing',
    description: 'Keep your pitch deck, financials and legal documents in one data room, with granular permission controls over who sees what.',
  },
  {
    icon: Handshake,
    title: 'Relationship management tools',
    description: 'Track milestones, keep every conversation in one place, and grow relationships well beyond the initial funding.',
  },
];

export function AuthFrame({
  documentTitle,
  title,
  description,
  children,
}: {
  /** The tab title ("Sign in · VentureMatch"). */
  documentTitle: string;
  /** The screen's h1. */
  title: string;
  description: ReactNode;
  children: ReactNode;
}) {
  useDocumentTitle(documentTitle);
  return (
    <main className="grid min-h-dvh lg:grid-cols-2">
      <div className="flex flex-col px-4 py-6 sm:px-10">
        <div className="flex items-center justify-between">
          <BrandMark />
          <ThemeMenu />
        </div>
        <div className="flex flex-1 items-center justify-center py-10">
          <div className="w-full max-w-md">
            <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{title}</h1>
            <p className="mt-2 text-sm text-muted-foreground sm:text-base">{description}</p>
            {children}
          </div>
        </div>
        <p className="text-center text-xs text-muted-foreground">© {new Date().getFullYear()} VentureMatch</p>
      </div>
      <section
        aria-labelledby="auth-welcome-title"
        className="relative hidden overflow-hidden bg-gradient-to-br from-brand-from to-brand-to text-white lg:flex lg:flex-col lg:justify-center lg:px-14 xl:px-20"
      >
        {/* Soft decorative light; purely visual. */}
        <div aria-hidden className="pointer-events-none absolute -top-32 -right-32 size-96 rounded-full bg-white/10 blur-3xl" />
        <div aria-hidden className="pointer-events-none absolute -bottom-40 -left-24 size-96 rounded-full bg-black/10 blur-3xl" />
        <div className="relative max-w-lg">
          <p className="text-sm font-semibold tracking-wider text-white/90 uppercase">Startups × Investors</p>
          <h2 id="auth-welcome-title" className="mt-3 text-4xl leading-tight font-semibold tracking-tight">
            Where great startups and the right investors find each other
          </h2>
          <p className="mt-4 text-lg text-white/90">
            VentureMatch connects founders and investors by compatibility, not by cold email, and gives both sides the tools to build a lasting partnership.
          </p>
          <ul className="mt-10 grid gap-6">
            {FEATURES.map(({ icon: Icon, title: featureTitle, description: featureDescription }) => (
              <li key={featureTitle} className="flex gap-4">
                <div className="flex size-11 shrink-0 items-center justify-center rounded-lg bg-white/15 ring-1 ring-white/25">
                  <Icon aria-hidden className="size-5" />
                </div>
                <div>
                  <h3 className="font-semibold">{featureTitle}</h3>
                  <p className="mt-1 text-sm leading-relaxed text-white/90">{featureDescription}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </section>
    </main>
  );
}

/** The card the public screens' forms and messages sit in. */
export function AuthCard({ children, className }: { children: ReactNode; className?: string }) {
  return <div className={cn('mt-8 rounded-xl border bg-card p-6 shadow-sm', className)}>{children}</div>;
}
