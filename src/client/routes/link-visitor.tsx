// /v/:token: a secure link's page for a visitor without an account (issue #20). No session guard:
// the token in the address is the proof, and every step and read is checked by the server.
import type { ScreenProps } from '@/app/router';
import { VisitorPage } from '@/features/secure-links/components/visitor-page';

export function LinkVisitorScreen({ params }: ScreenProps) {
  return <VisitorPage token={params.token ?? ''} />;
}
