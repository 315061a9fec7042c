// The sign-in screen calls the auth endpoints through zod-free references (features/auth/endpoints.ts,
// ADR 0035). Each must name its contract's method and path exactly, so the contract in
// @shared/contracts/auth stays the one place the endpoint is declared.
import { describe, expect, it } from 'vitest';
import * as authContracts from '../../src/shared/contracts/auth';
import { authEndpoints } from '../../src/client/features/auth/endpoints';

describe('the auth endpoint references', () => {
  it.each(Object.entries(authEndpoints))('%s has its contract’s method and path', (name, reference) => {
    const contract = authContracts[name as keyof typeof authEndpoints];
    expect(reference).toEqual({ method: contract.method, path: contract.path });
  });

  it('cover every auth contract the client calls', () => {
    expect(Object.keys(authEndpoints).sort()).toEqual(['getCurrentUser', 'login', 'logout', 'register']);
  });
});
