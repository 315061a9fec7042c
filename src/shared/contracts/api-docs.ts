// The API's own documentation (issue #13): the OpenAPI 3.1 document generated from these contracts
// (src/server/http/openapi.ts), the reference page that renders it, and the page's script. None of
// them is JSON in the contracts' sense, so each handler writes its own reply (`raw: 'response'`).
import { z } from 'zod';
import { defineEndpoint } from './endpoint';

export const getOpenApiDocument = defineEndpoint({ method: 'GET', path: '/api/openapi.json', raw: 'response', response: z.unknown() });
/** The interactive reference (Scalar), an HTML page that loads the document above. */
export const getApiReferencePage = defineEndpoint({ method: 'GET', path: '/api/docs', raw: 'response', response: z.unknown() });
/** Scalar's browser bundle, served from our origin so the page needs no CDN and no inline script. */
export const getApiReferenceScript = defineEndpoint({ method: 'GET', path: '/api/docs/scalar.js', raw: 'response', response: z.unknown() });
