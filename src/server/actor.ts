// Who a service acts for: the signed-in user, resolved from the session cookie by the session
// guard (http/session.ts) and passed to every service call as `actor`. It lives here, outside
// http/ and outside any feature, so services depend on the idea of a caller and not on the web.
import type { UserType } from '../shared/enums';

export interface Actor {
  id: number;
  userType: UserType;
  sessionId: string;
}
