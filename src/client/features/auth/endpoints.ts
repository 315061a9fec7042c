// The auth endpoints as the sign-in screen calls them: method and path only, typed by their
// contracts in @shared/contracts/auth. The contracts themselves carry zod schemas, and importing
// them would put zod (about 25 kB gzipped) on the first load of /auth (docs/performance.md, "First
// load"); these references need nothing at run time. tests/unit/auth-endpoints.test.ts keeps each
// one equal to its contract, so the contract is still the one place an endpoint is declared.
import type { getCurrentUser, login, logout, register } from '@shared/contracts/auth';
import { endpointRef } from '@/lib/api';

export const authEndpoints = {
  getCurrentUser: endpointRef<typeof getCurrentUser>('GET', '/api/user'),
  login: endpointRef<typeof login>('POST', '/api/login'),
  register: endpointRef<typeof register>('POST', '/api/register'),
  logout: endpointRef<typeof logout>('POST', '/api/logout'),
};
