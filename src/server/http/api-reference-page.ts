// The interactive API reference page at /api/docs (registered in openapi.ts): Scalar's reference,
// rendered from its browser bundle, which we serve from our own origin. The page has no inline
// script (the settings ride in data attributes), so the app's strict Content-Security-Policy
// (`script-src 'self'`) applies to it unchanged.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import * as apiDocs from '../../shared/contracts/api-docs';

/**
 * Scalar's settings. Everything that would reach scalar.com (web fonts, telemetry, the developer
 * toolbar's sharing, the AI agent it turns on for localhost) is off: the CSP would block it anyway.
 */
const SCALAR_CONFIGURATION = {
  withDefaultFonts: false,
  telemetry: false,
  showDeveloperTools: 'never',
  agent: { disabled: true },
  documentDownloadType: 'json',
  metaData: { title: 'VentureMatch API reference' },
};

export interface ScalarBundle {
  source: Buffer;
  gzipped: Buffer;
  /** A digest of the bundle, in the page's script URL, so the browser may cache it for good. */
  hash: string;
}

/**
 * The bundle shipped inside @scalar/fastify-api-reference (pinned: its path is not a public export).
 * We serve it ourselves rather than register the plugin, whose page initializes Scalar with an
 * inline script and whose extra routes would sit outside the contracts.
 */
export async function loadScalarBundle(): Promise<ScalarBundle> {
  const entry = createRequire(import.meta.url).resolve('@scalar/fastify-api-reference');
  const source = await readFile(path.join(path.dirname(entry), 'js', 'standalone.js'));
  return { source, gzipped: await promisify(gzip)(source), hash: createHash('sha256').update(source).digest('hex').slice(0, 16) };
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

export function referencePage(scriptHash: string): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>VentureMatch API reference</title>
  </head>
  <body>
    <noscript>This reference needs JavaScript. The OpenAPI document itself is at <a href="${apiDocs.getOpenApiDocument.path}">${apiDocs.getOpenApiDocument.path}</a>.</noscript>
    <script id="api-reference" type="application/json" data-url="${apiDocs.getOpenApiDocument.path}" data-configuration="${escapeAttribute(JSON.stringify(SCALAR_CONFIGURATION))}"></script>
    <script src="${apiDocs.getApiReferenceScript.path}?v=${scriptHash}"></script>
  </body>
</html>
`;
}
