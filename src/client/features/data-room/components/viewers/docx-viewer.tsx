// DOCX preview with docx-preview. What it renders is the uploader's content, so it goes into a
// shadow root inside a paint-contained box: the document's generated CSS cannot restyle the app
// and nothing in it can be positioned over the app's own controls. Links are kept only for
// http(s) and open in a new tab without a referrer; the app's CSP (no inline script, images from
// data:/blob: only) is the backstop.
// A watermarked DOCX (issue #20) is never put in the page: docx-preview renders it into a detached
// element, its paragraphs' text is read from there and painted into watermarked canvases. The
// preview then shows the words without the layout, which is what a reader needs to decide; the
// formatted file stays with the founder.
import { useEffect, useRef, useState } from 'react';
import { renderAsync } from 'docx-preview';
import { ErrorState } from '@/components/ui/error-state';
import { Spinner } from '@/components/ui/spinner';
import type { ViewerIdentity } from './watermark-canvas';
import { WatermarkedText } from './watermarked-preview';

function neutralizeLinks(container: ParentNode) {
  for (const link of container.querySelectorAll('a[href]')) {
    const href = link.getAttribute('href') ?? '';
    if (href.startsWith('#')) continue;
    try {
      const url = new URL(href);
      if (url.protocol === 'http:' || url.protocol === 'https:') {
        link.setAttribute('target', '_blank');
        link.setAttribute('rel', 'noopener noreferrer');
        continue;
      }
    } catch {
      // not an absolute URL: drop it below
    }
    link.removeAttribute('href');
  }
}

/** The document's paragraphs as plain text, one per line, rendered where nobody can see them. */
async function docxText(data: ArrayBuffer): Promise<string> {
  const detached = document.createElement('div');
  const styles = document.createElement('div');
  await renderAsync(data, detached, styles, { inWrapper: false, breakPages: false, ignoreLastRenderedPageBreak: true, experimental: false });
  const paragraphs = [...detached.querySelectorAll('p')].map((paragraph) => (paragraph.textContent ?? '').replace(/\s+/g, ' ').trim());
  return paragraphs.join('\n');
}

function WatermarkedDocx({ data, name, identity }: { data: ArrayBuffer; name: string; identity: ViewerIdentity }) {
  const [text, setText] = useState<string>();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let isCurrent = true;
    docxText(data)
      .then((extracted) => isCurrent && setText(extracted))
      .catch(() => isCurrent && setFailed(true));
    return () => {
      isCurrent = false;
    };
  }, [data]);
  if (failed) return <ErrorState title="We couldn't open this document" message="This Word document could not be displayed. It may be damaged." />;
  if (text === undefined) return <Spinner label="Rendering the document" showLabel className="flex justify-center py-16" />;
  return (
    <div className="grid gap-2">
      <WatermarkedText text={text} name={name} identity={identity} />
      <p className="text-xs text-muted-foreground">Watermarked preview of the text: layout and images are not shown.</p>
    </div>
  );
}

export default function DocxViewer({ data, name, watermark }: { data: ArrayBuffer; name: string; watermark: ViewerIdentity | null }) {
  if (watermark) return <WatermarkedDocx data={data} name={name} identity={watermark} />;
  return <PlainDocx data={data} name={name} />;
}

function PlainDocx({ data, name }: { data: ArrayBuffer; name: string }) {
  const hostRef = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'rendering' | 'done' | 'failed'>('rendering');

  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    const shadow = host.shadowRoot ?? host.attachShadow({ mode: 'open' });
    const styles = document.createElement('div');
    const body = document.createElement('div');
    shadow.replaceChildren(styles, body);
    let isCurrent = true;
    // Narrow screens reflow the text instead of showing a fixed-width page.
    const isNarrow = host.clientWidth < 700;
    renderAsync(data, body, styles, {
      className: 'docx',
      inWrapper: !isNarrow,
      ignoreWidth: isNarrow,
      ignoreHeight: isNarrow,
      breakPages: !isNarrow,
      experimental: false,
    })
      .then(() => {
        if (!isCurrent) return;
        neutralizeLinks(body);
        setState('done');
      })
      .catch(() => {
        if (isCurrent) setState('failed');
      });
    return () => {
      isCurrent = false;
      shadow.replaceChildren();
    };
  }, [data]);

  return (
    <div className="grid gap-3">
      {state === 'rendering' && <Spinner label="Rendering the document" showLabel className="flex justify-center py-16" />}
      {state === 'failed' && (
        <ErrorState
          title="We couldn't open this document"
          message="This Word document could not be displayed. It may be damaged; try downloading it instead."
        />
      )}
      <div
        ref={hostRef}
        role="region"
        aria-label={`${name} contents`}
        tabIndex={0}
        hidden={state === 'failed'}
        className="max-h-[65dvh] overflow-auto rounded-md border bg-white text-black outline-none [contain:paint] focus-visible:ring-2 focus-visible:ring-ring"
      />
    </div>
  );
}
