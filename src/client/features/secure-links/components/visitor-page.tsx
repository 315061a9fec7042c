// The page a secure link opens (/v/:token, issue #20), for someone with no account: a plain
// branded frame (no app menus), the link's state from the server, and the one step it asks for
// next (email, code, password, NDA) until the documents show. Whatever this page shows, each
// document read is checked by the server again. It also invites the visitor to join as an
// investor, with their email filled in.
import { useEffect, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { LinkIcon, RefreshCw, UserPlus } from 'lucide-react';
import { LinkTokenParam, type VisitorLinkState } from '@shared/contracts/secure-links';
import { paths } from '@/app/paths';
import { BrandMark } from '@/components/brand-mark';
import { ThemeMenu } from '@/components/theme-menu';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api';
import { useDocumentTitle } from '@/lib/document-title';
import { cn } from '@/lib/utils';
import { visitorLinkQuery } from '../api';
import { CodeStep, EmailStep, NdaStep, PasswordStep } from './visitor-steps';
import { VisitorDocuments } from './visitor-documents';

/**
 * Keeps the page out of search indexes and its address out of Referer headers while it is open.
 * The server sends the same as headers; these cover a copy of the page saved or served elsewhere.
 */
function usePrivatePageMeta() {
  useEffect(() => {
    const added = [
      ['robots', 'noindex, nofollow'],
      ['referrer', 'no-referrer'],
    ].map(([name, content]) => {
      const meta = document.createElement('meta');
      meta.name = name!;
      meta.content = content!;
      document.head.prepend(meta);
      return meta;
    });
    return () => added.forEach((meta) => meta.remove());
  }, []);
}

const STEP_TEXT: Record<Exclude<VisitorLinkState['step'], 'ready'>, { title: string; description: (state: VisitorLinkState) => string }> = {
  email: { title: 'Enter your email', description: (state) => `${state.companyName} shared documents with you. Tell them who you are to open them.` },
  code: { title: 'Check your email', description: () => 'Enter the code to confirm the address is yours.' },
  password: { title: 'Enter the password', description: () => 'This link is protected with a password.' },
  nda: {
    title: 'Accept the NDA',
    description: (state) => `${state.companyName} asks you to accept their non-disclosure agreement before you see the documents.`,
  },
};

export function VisitorPage({ token }: { token: string }) {
  usePrivatePageMeta();
  const tokenProblem = LinkTokenParam.safeParse(token).error?.issues[0]?.message;
  if (tokenProblem) {
    return (
      <VisitorFrame documentTitle="Secure link">
        <LinkProblem message={tokenProblem} />
      </VisitorFrame>
    );
  }
  return <VisitorFlow token={token} />;
}

function VisitorFlow({ token }: { token: string }) {
  const link = useQuery(visitorLinkQuery(token));
  // "Use another email" shows the email form over the code step until the server's state moves on
  // (a new email, or a step further): remembered as the state it was asked from.
  const [changingEmailFrom, setChangingEmailFrom] = useState<string | null>(null);
  const stateKey = link.data ? `${link.data.step}:${link.data.email ?? ''}` : null;
  const isChangingEmail = changingEmailFrom !== null && changingEmailFrom === stateKey;

  if (link.isPending)
    return (
      <VisitorFrame documentTitle="Secure link">
        <Spinner label="Opening the link" showLabel className="flex items-center justify-center gap-2 py-16 text-sm text-muted-foreground" />
      </VisitorFrame>
    );
  if (link.isError) {
    // 4xx: the link's own answer (unknown, disabled, expired, not for this email), final.
    const isFinal = link.error instanceof ApiError && link.error.status >= 400 && link.error.status < 500;
    return (
      <VisitorFrame documentTitle="Secure link">
        <LinkProblem message={link.error.message}>
          {!isFinal && (
            <Button variant="outline" onClick={() => void link.refetch()} disabled={link.isFetching}>
              <RefreshCw aria-hidden className={link.isFetching ? 'animate-spin' : undefined} />
              Try again
            </Button>
          )}
        </LinkProblem>
      </VisitorFrame>
    );
  }

  const state = link.data;
  if (state.step === 'ready') {
    return (
      <VisitorFrame documentTitle={state.linkName} wide invitationEmail={state.email}>
        <p className="text-sm font-medium text-muted-foreground">Shared by {state.companyName}</p>
        <h1 className="mt-1 text-2xl font-semibold tracking-tight break-words sm:text-3xl">{state.linkName}</h1>
        <VisitorDocuments token={token} state={state} />
      </VisitorFrame>
    );
  }
  const shownStep = isChangingEmail ? 'email' : state.step;
  const text = STEP_TEXT[shownStep];
  return (
    <VisitorFrame documentTitle={`${state.linkName} · ${text.title}`} invitationEmail={state.email}>
      <p className="text-sm font-medium text-muted-foreground">
        {state.companyName} · {state.linkName}
      </p>
      <h1 className="mt-1 text-2xl font-semibold tracking-tight sm:text-3xl">{text.title}</h1>
      <p className="mt-2 text-sm text-muted-foreground sm:text-base">{text.description(state)}</p>
      <div className="mt-6 rounded-xl border bg-card p-6 shadow-sm">
        {shownStep === 'email' && <EmailStep key={state.email ?? ''} token={token} state={state} onSent={() => setChangingEmailFrom(null)} />}
        {shownStep === 'code' && <CodeStep token={token} email={state.email ?? ''} onUseAnotherEmail={() => setChangingEmailFrom(stateKey)} />}
        {shownStep === 'password' && <PasswordStep token={token} />}
        {shownStep === 'nda' && <NdaStep key={state.nda?.contentHash} token={token} state={state} />}
      </div>
    </VisitorFrame>
  );
}

/** The public screens' look, without the product panel: brand and theme on top, the content, the invitation. */
function VisitorFrame({
  documentTitle,
  wide = false,
  invitationEmail,
  children,
}: {
  documentTitle: string;
  /** The documents need the width; the step forms read best narrow. */
  wide?: boolean;
  /** Pre-filled in the invitation's registration form. */
  invitationEmail?: string | null;
  children: ReactNode;
}) {
  useDocumentTitle(documentTitle);
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="flex items-center justify-between border-b px-4 py-3 sm:px-10">
        <BrandMark />
        <ThemeMenu />
      </header>
      <main className="flex flex-1 justify-center px-4 py-8 sm:px-10 sm:py-12">
        <div className={cn('w-full', wide ? 'max-w-5xl' : 'max-w-md')}>{children}</div>
      </main>
      <footer className="grid gap-4 border-t px-4 py-6 sm:px-10">
        <JoinInvitation email={invitationEmail ?? null} />
        <p className="text-center text-xs text-muted-foreground">© {new Date().getFullYear()} VentureMatch</p>
      </footer>
    </div>
  );
}

/** The way into the platform, with the register form set to investor and the email filled in. */
function JoinInvitation({ email }: { email: string | null }) {
  return (
    <aside
      aria-labelledby="join-invitation-title"
      className="mx-auto flex w-full max-w-3xl flex-col gap-3 rounded-xl bg-accent px-5 py-4 text-accent-foreground sm:flex-row sm:items-center sm:justify-between"
    >
      <div>
        <h2 id="join-invitation-title" className="text-sm font-semibold">
          Invest in startups like this one?
        </h2>
        <p className="text-sm">Get matched with startups that fit your thesis and open their data rooms in one place.</p>
      </div>
      <Button asChild className="shrink-0">
        {/* A full page load: /auth is a separate chunk and the visitor has no app state to keep. */}
        <a href={paths.registerInvestor(email ?? undefined)}>
          <UserPlus aria-hidden />
          Join VentureMatch as an investor
        </a>
      </Button>
    </aside>
  );
}

function LinkProblem({ message, children }: { message: string; children?: ReactNode }) {
  return (
    <>
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">This link cannot be opened</h1>
      <div className="mt-6 grid gap-4">
        <p role="alert" className="flex items-start gap-2 rounded-lg border border-destructive/30 bg-destructive/5 px-4 py-3 text-sm font-medium">
          <LinkIcon aria-hidden className="mt-0.5 size-4 shrink-0 text-destructive" />
          {message}
        </p>
        <p className="text-sm text-muted-foreground">If you still need these documents, ask the person who sent you the link for a new one.</p>
        {children}
      </div>
    </>
  );
}
